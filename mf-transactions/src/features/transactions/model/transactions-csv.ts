import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { toCsv } from '@paydesk/shared/csv';

export const TRANSACTIONS_CSV = 'transactions.csv';
const header = ['Transaction ID', 'Customer Name', 'Email', 'Amount', 'Status', 'Date'] as const;

/**
 * TXN-17: exactly the product's columns, the current page only, amounts as sent (two decimals),
 * dates in ISO 8601. Refunds are in the Dashboard's CSV report, by the day they succeeded (REF-11).
 */
export function transactionsCsv(rows: readonly Transaction[]): string {
  return toCsv(
    header,
    rows.map((t) => [t.transaction_id, `${t.first_name} ${t.last_name}`, t.email, t.payment_amount, t.status, t.created_at]),
  );
}
