import { controlPaths } from '@paydesk/shared/routes';

/** A day in the browser's time zone as a `date` field holds it: `2026-03-01`. */
export const localDate = (at: Date): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/**
 * Balance history showing one withdrawal's own movements (BAL-05): filtered by its reference, over
 * the days from its request to its settlement (or today, while it is pending), so the summary
 * beside them covers the same days. The names are those of Balance history's list state.
 */
export function withdrawalMovementsAddress(
  withdrawal: { transaction_id: string; created_at: string; processed_at: string | null },
  today = new Date(),
): string {
  const params = new URLSearchParams({
    withdrawal: withdrawal.transaction_id,
    from: localDate(new Date(withdrawal.created_at)),
    to: localDate(withdrawal.processed_at ? new Date(withdrawal.processed_at) : today),
  });
  return `${controlPaths.balanceHistory}?${params.toString()}`;
}
