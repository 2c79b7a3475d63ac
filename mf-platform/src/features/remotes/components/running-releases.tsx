import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { ReleaseWithHealth, RemoteSummary } from '@paydesk/shared/schemas/platform';
import { healthText } from '../model/health';
import { canaryShare, rollbackTarget } from '../model/release-status';

function Running({ heading, release, none }: { heading: string; release: ReleaseWithHealth | null; none: string }) {
  return (
    <Box component="section" aria-label={heading}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {heading}
      </Typography>
      {release ? (
        <>
          <Typography variant="h6" component="p">
            {release.version}
            {release.status === 'canary' && release.canary_percent !== null ? ` · ${canaryShare(release.canary_percent)} of users` : ''}
          </Typography>
          {release.promoted_at ? (
            <Typography variant="body2" color="text.secondary">
              Since {formatDateTime(release.promoted_at)}
            </Typography>
          ) : null}
          <Typography variant="body2">Last hour: {healthText(release.health.hour)}</Typography>
          <Typography variant="body2">Last 24 hours: {healthText(release.health.day)}</Typography>
        </>
      ) : (
        <Typography color="text.secondary">{none}</Typography>
      )}
    </Box>
  );
}

interface Props {
  remote: RemoteSummary;
  onRollBack: () => void;
  onStopCanary: () => void;
}

/**
 * What browsers load of a remote now: the live release and the canary, how each loads, and the
 * two ways back (stop the canary; roll back to the release live before), with why one is not offered.
 */
export function RunningReleases({ remote, onRollBack, onStopCanary }: Props) {
  const { live, canary } = remote;
  const target = rollbackTarget(remote);
  // While a canary runs, the rollback endpoint ends it: rolling the live release back waits until it has.
  const rollbackNote = canary
    ? 'Stop the canary before rolling the live release back.'
    : !live
      ? 'Nothing is live: promote a release to everyone.'
      : target
        ? `Roll back returns everyone to ${target.version}.`
        : `${live.version} is the first live release: there is none to return to.`;
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Running heading="Live" release={live} none="Nothing is live" />
        <Running heading="Canary" release={canary} none="No canary runs" />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {canary ? (
          <Button variant="outlined" onClick={onStopCanary}>
            Stop canary
          </Button>
        ) : null}
        <Button variant="outlined" color="error" onClick={onRollBack} disabled={canary !== null || !live || !target}>
          Roll back
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {rollbackNote}
        </Typography>
      </CardActions>
    </Card>
  );
}
