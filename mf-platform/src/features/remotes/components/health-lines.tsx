import Box from '@mui/material/Box';
import type { RemoteSummary } from '@paydesk/shared/schemas/platform';
import { healthText, type HealthWindow } from '../model/health';

/**
 * A remote's loads and failures in one window: of the live release, and of the canary beside it
 * (each line then names which); a dash when nothing runs.
 */
export function HealthLines({ remote, period }: { remote: RemoteSummary; period: HealthWindow }) {
  const { live, canary } = remote;
  if (!canary) return <>{live ? healthText(live.health[period]) : '—'}</>;
  return (
    <Box component="span" sx={{ display: 'grid' }}>
      <span>Live: {live ? healthText(live.health[period]) : 'none'}</span>
      <span>Canary: {healthText(canary.health[period])}</span>
    </Box>
  );
}
