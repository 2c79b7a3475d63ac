import type { TransactionStatus } from '@paydesk/shared/schemas/transaction';

/** A successful payment is stored as `success` or `completed` (the details page shows both as success). */
export const SUCCESSFUL_STATUSES: readonly TransactionStatus[] = ['completed', 'success'];

/** The list's status filter: `success` also finds `completed`, which the screens show as success. */
export function statusesForFilter(status: TransactionStatus): TransactionStatus[] {
  return status === 'success' ? [...SUCCESSFUL_STATUSES] : [status];
}
