import type { DisputeStatus } from '@paydesk/shared/schemas/merchant-objects';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { statusLooks } from '../model/dispute-labels';

export function DisputeStatusChip({ status }: { status: DisputeStatus }) {
  const { label, tone } = statusLooks[status];
  return <StatusChip label={label} tone={tone} data-testid="dispute-status" />;
}
