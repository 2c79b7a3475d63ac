import Chip from '@mui/material/Chip';
import type { WithdrawalStatus } from '@paydesk/shared/schemas/wallet';

const look: Record<WithdrawalStatus, { label: string; color: 'warning' | 'success' | 'error' | 'default' }> = {
  pending: { label: 'Pending', color: 'warning' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  return <Chip size="small" label={look[status].label} color={look[status].color} data-testid="withdrawal-status" />;
}
