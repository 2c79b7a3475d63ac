import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import type { ReleaseWithHealth, RemoteSummary } from '@paydesk/shared/schemas/platform';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { platformPaths } from '../../../lib/paths';
import { reloadShell } from '../../../lib/reload-shell';
import { reportFailure } from '../../../lib/report-failure';
import { usePreviewReleaseMutation, useRemote } from '../api/remotes-api';
import { canaryText, rollbackTarget } from '../model/release-status';
import { PromoteDialog } from './promote-dialog';
import { ReleasesTable } from './releases-table';
import { RollbackDialog } from './rollback-dialog';
import { RunningReleases } from './running-releases';

/** "Live 1.4.0 · canary 1.5.0 · 10 %", under the remote's name. */
const summaryOf = (remote: RemoteSummary | undefined): string | undefined => {
  if (!remote) return undefined;
  const live = remote.live ? `Live ${remote.live.version}` : 'Nothing live';
  return remote.canary ? `${live} · canary ${canaryText(remote.canary)}` : live;
};

function Releases({ remote }: { remote: RemoteSummary }) {
  const [promoting, setPromoting] = useState<ReleaseWithHealth | null>(null);
  const [ending, setEnding] = useState<'stop-canary' | 'roll-back' | null>(null);
  const [preview, { isLoading: previewing, originalArgs }] = usePreviewReleaseMutation();
  const { live, canary } = remote;
  const target = rollbackTarget(remote);

  // The server has set this browser's preview: the shell loads the back office again to use it.
  const startPreview = async (release: ReleaseWithHealth) => {
    const result = await preview({ remote: release.remote, version: release.version });
    if ('error' in result) {
      reportFailure(result.error, `The preview of ${release.remote} ${release.version} could not be started`);
      return;
    }
    reloadShell();
  };

  return (
    <>
      <RunningReleases remote={remote} onRollBack={() => setEnding('roll-back')} onStopCanary={() => setEnding('stop-canary')} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Releases
          </Typography>
          <ReleasesTable
            rows={remote.releases}
            onPromote={setPromoting}
            onPreview={(release) => void startPreview(release)}
            previewing={previewing ? (originalArgs?.version ?? null) : null}
          />
        </CardContent>
      </Card>
      {promoting ? <PromoteDialog release={promoting} onClose={() => setPromoting(null)} /> : null}
      {ending === 'stop-canary' && canary ? (
        <RollbackDialog kind="stop-canary" remote={remote.name} canary={canary} live={live} onClose={() => setEnding(null)} />
      ) : null}
      {ending === 'roll-back' && live && target ? (
        <RollbackDialog kind="roll-back" remote={remote.name} live={live} target={target} onClose={() => setEnding(null)} />
      ) : null}
    </>
  );
}

/** A remote's page: what runs now and the ways back, then every release with Promote and Preview. */
export function RemoteView({ name }: { name: string }) {
  const { isLoading, error, data, remote, refetch } = useRemote(name);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={summaryOf(remote)}
        actions={
          <Button component={Link} to={platformPaths.remotes} startIcon={<ArrowBackIcon />}>
            All remotes
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        data={data ? { remote } : undefined}
        isEmpty={(d) => d.remote === undefined}
        emptyText="Nothing of this remote is released"
        errorText="The remote could not be loaded."
        onRetry={() => void refetch()}
      >
        {(d) => (d.remote ? <Releases remote={d.remote} /> : null)}
      </QueryState>
    </>
  );
}
