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
