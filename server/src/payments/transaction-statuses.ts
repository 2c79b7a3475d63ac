import type { TransactionStatus } from '@paydesk/shared/schemas/transaction';

/** A successful payment is stored as `success` or `completed` (the details page shows both as success). */
export const SUCCESSFUL_STATUSES: readonly TransactionStatus[] = ['completed', 'success'];

/** The list's status filter: `success` also finds `completed`, which the screens show as success. */
export function statusesForFilter(status: TransactionStatus): TransactionStatus[] {
  return status === 'success' ? [...SUCCESSFUL_STATUSES] : [status];
}

/**
 * A sale: a payment that succeeded, including one refunded in full since. Its refunds are counted
 * on the days they succeed, so a sale's own day never changes later (DASH-08).
 */
export const SALE_STATUSES: readonly TransactionStatus[] = [...SUCCESSFUL_STATUSES, 'refunded'];
