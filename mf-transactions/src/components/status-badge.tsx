import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { badgeColour, parseStatus, statusLabel } from '../lib/transaction-status';

/** The status badge of TXN-09, with its colour named in `data-colour` for tests. */
export function StatusBadge({ status, place = 'list' }: { status: string; place?: 'list' | 'details' }) {
  const colour = badgeColour(parseStatus(status));
  return <StatusChip label={statusLabel(status, place)} tone={colour} data-colour={colour} data-testid="status-badge" />;
}
