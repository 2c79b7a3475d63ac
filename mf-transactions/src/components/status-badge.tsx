import Chip from '@mui/material/Chip';
import { amber, blue, green, grey, orange, red } from '@mui/material/colors';
import { badgeColour, parseStatus, statusLabel, type BadgeColour } from '../lib/transaction-status';

/** Each text on its background has at least WCAG AA's 4.5:1 contrast, in both themes. */
const colours: Record<BadgeColour, { bgcolor: string; color: string }> = {
  green: { bgcolor: green[800], color: '#fff' },
  red: { bgcolor: red[700], color: '#fff' },
  yellow: { bgcolor: amber[400], color: grey[900] },
  orange: { bgcolor: orange[300], color: grey[900] },
  blue: { bgcolor: blue[700], color: '#fff' },
  grey: { bgcolor: grey[700], color: '#fff' },
};

/** The status badge of TXN-09, with its colour named in `data-colour` for tests. */
export function StatusBadge({ status, place = 'list' }: { status: string; place?: 'list' | 'details' }) {
  const colour = badgeColour(parseStatus(status));
  return <Chip size="small" label={statusLabel(status, place)} data-colour={colour} data-testid="status-badge" sx={{ fontWeight: 600, ...colours[colour] }} />;
}
