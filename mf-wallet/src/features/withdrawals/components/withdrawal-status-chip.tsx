import type { WithdrawalStatus } from '@paydesk/shared/schemas/wallet';
import { StatusChip, type StatusTone } from '@paydesk/shared/ui/status-chip';

const look: Record<WithdrawalStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  return <StatusChip label={look[status].label} tone={look[status].tone} data-testid="withdrawal-status" />;
}
