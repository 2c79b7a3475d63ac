import type { ListFields } from '@paydesk/shared/list-state';
import type { Withdrawal, WithdrawalStatus } from '@paydesk/shared/schemas/wallet';

export type StatusFilter = WithdrawalStatus | 'all';

/** WAL-04: All, Pending, Completed, Failed, Cancelled. */
export const statusOptions: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

export const parseStatusFilter = (value: string): StatusFilter => statusOptions.find((option) => option.value === value)?.value ?? 'all';

export const filterWithdrawals = (rows: readonly Withdrawal[], status: StatusFilter): Withdrawal[] =>
  status === 'all' ? [...rows] : rows.filter((row) => row.status === status);

/** The list in the address: `?status=`, left out for All. The list comes whole, so it has no page. */
export const withdrawalListFields: ListFields<{ status: StatusFilter }> = { status: { fallback: 'all', parse: parseStatusFilter } };
