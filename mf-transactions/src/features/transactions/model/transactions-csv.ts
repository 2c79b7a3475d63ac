import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { toCsv } from '@paydesk/shared/csv';

export const TRANSACTIONS_CSV = 'transactions.csv';
const header = ['Transaction ID', 'Customer Name', 'Email', 'Amount', 'Amount Refunded', 'Status', 'Date'] as const;

/** TXN-17: the current page only, amounts as sent (two decimals), dates in ISO 8601; refunds (pending and succeeded) beside the amount (REF-11). */
export function transactionsCsv(rows: readonly Transaction[]): string {
  return toCsv(header, rows.map((t) => [t.transaction_id, `${t.first_name} ${t.last_name}`, t.email, t.payment_amount, t.amount_refunded, t.status, t.created_at]));
}
