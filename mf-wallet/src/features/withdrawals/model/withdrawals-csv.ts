import type { Withdrawal } from '@paydesk/shared/schemas/wallet';
import { toCsv } from '@paydesk/shared/csv';

export const WITHDRAWALS_CSV = 'withdrawals.csv';
const header = [
  'Reference',
  'Amount',
  'Account Number',
  'Bank Name',
  'Account Name',
  'Status',
  'Requested Date',
  'Processed Date',
] as const;

/** WAL-10: the filtered rows; amounts as sent (two decimals), dates ISO 8601, empty while pending. */
export function withdrawalsCsv(rows: readonly Withdrawal[]): string {
  return toCsv(
    header,
    rows.map((w) => [
      w.transaction_id,
      w.amount,
      w.account_number,
      w.bank_name,
      w.account_name,
      w.status,
      w.created_at,
      w.processed_at ?? '',
    ]),
  );
}
