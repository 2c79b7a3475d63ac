import type { CardStatus } from '@paydesk/shared/schemas/card';
import { StatusChip, type StatusTone } from '@paydesk/shared/ui/status-chip';

const look: Record<CardStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'active', tone: 'success' },
  blocked: { label: 'blocked', tone: 'error' },
};

export function CardStatusChip({ status }: { status: CardStatus }) {
  return <StatusChip label={look[status].label} tone={look[status].tone} data-testid="card-status" />;
}
