import Chip from '@mui/material/Chip';
import { amber, blue, green, grey, orange, red } from '@mui/material/colors';
import { badgeColour, parseStatus, statusLabel, type BadgeColour } from '../lib/transaction-status';

const colours: Record<BadgeColour, { bgcolor: string; color: string }> = {
  green: { bgcolor: green[600], color: '#fff' },
  red: { bgcolor: red[600], color: '#fff' },
  yellow: { bgcolor: amber[400], color: grey[900] },
  orange: { bgcolor: orange[700], color: '#fff' },
  blue: { bgcolor: blue[600], color: '#fff' },
  grey: { bgcolor: grey[500], color: '#fff' },
};

/** The status badge of TXN-09, with its colour named in `data-colour` for tests. */
export function StatusBadge({ status, place = 'list' }: { status: string; place?: 'list' | 'details' }) {
  const colour = badgeColour(parseStatus(status));
  return <Chip size="small" label={statusLabel(status, place)} data-colour={colour} data-testid="status-badge" sx={{ fontWeight: 600, ...colours[colour] }} />;
}
