import Chip from '@mui/material/Chip';
import type { CardStatus } from '@paydesk/shared/schemas/card';

const look: Record<CardStatus, { label: string; color: 'success' | 'error' }> = {
  active: { label: 'active', color: 'success' },
  blocked: { label: 'blocked', color: 'error' },
};

export function CardStatusChip({ status }: { status: CardStatus }) {
  return <Chip size="small" label={look[status].label} color={look[status].color} data-testid="card-status" />;
}
