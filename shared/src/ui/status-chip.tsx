import Chip, { type ChipProps } from '@mui/material/Chip';
import { amber, blue, green, grey, orange, red } from '@mui/material/colors';

/**
 * Every tone's text on its background has at least WCAG AA's 4.5:1 contrast in both themes (the
 * axe checks of the browser suite): the palette tones through the theme's contrast threshold,
 * the badge colours of TXN-09 as fixed pairs.
 */
export const statusTones = {
  success: { color: 'success' },
  error: { color: 'error' },
  warning: { color: 'warning' },
  neutral: { color: 'default' },
  green: { sx: { fontWeight: 600, bgcolor: green[800], color: '#fff' } },
  red: { sx: { fontWeight: 600, bgcolor: red[700], color: '#fff' } },
  yellow: { sx: { fontWeight: 600, bgcolor: amber[400], color: grey[900] } },
  orange: { sx: { fontWeight: 600, bgcolor: orange[300], color: grey[900] } },
  blue: { sx: { fontWeight: 600, bgcolor: blue[700], color: '#fff' } },
  grey: { sx: { fontWeight: 600, bgcolor: grey[700], color: '#fff' } },
} satisfies Record<string, Pick<ChipProps, 'color' | 'sx'>>;

export type StatusTone = keyof typeof statusTones;

type StatusChipProps = { label: string; tone: StatusTone } & Omit<ChipProps, 'label' | 'color' | 'size' | 'sx'>;

/**
 * The one chip of a status (transactions, refunds, withdrawals, cards, users, webhooks): each
 * area maps its statuses to a label and a tone; `data-*` attributes pass through for tests.
 */
export function StatusChip({ label, tone, ...rest }: StatusChipProps) {
  return <Chip size="small" label={label} {...statusTones[tone]} {...rest} />;
}
