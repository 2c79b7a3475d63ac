import type { RemoteRelease } from '@paydesk/shared/schemas/platform';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useRollBackRemoteMutation } from '../api/remotes-api';
import { canaryShare } from '../model/release-status';

type Props = { remote: string; onClose: () => void } & (
  | { kind: 'stop-canary'; canary: RemoteRelease; live: RemoteRelease | null }
  | { kind: 'roll-back'; live: RemoteRelease; target: RemoteRelease }
);

/**
 * The rollback endpoint, confirmed: it ends the running canary when there is one, else returns the
 * remote to the release live before the current one. Both take effect at each browser's next page load.
 */
export function RollbackDialog(props: Props) {
  const { remote, onClose } = props;
  const [rollBack, { isLoading }] = useRollBackRemoteMutation();
  const stop = props.kind === 'stop-canary';
  const confirm = async () => {
    const result = await rollBack(remote);
    if ('error' in result) {
      reportFailure(result.error, stop ? `The canary of ${remote} could not be stopped` : `${remote} could not be rolled back`);
      return;
    }
    const done = stop ? `The canary of ${remote} has ended` : `${remote} is back on ${result.data.release.version}`;
    notify('success', result.data.message ?? 'Remote rolled back', done);
    onClose();
  };
  return (
    <ConfirmDialog
      title={stop ? `Stop the canary of ${remote}?` : `Roll back ${remote}?`}
      confirm={stop ? { label: 'Stop canary', busyLabel: 'Stopping...' } : { label: 'Roll back', busyLabel: 'Rolling back...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      {props.kind === 'stop-canary'
        ? `The ${canaryShare(props.canary.canary_percent ?? 0)} of users on ${props.canary.version} ${props.live ? `return to ${props.live.version}` : 'load no release of it'} at their next page load; ${props.canary.version} is marked rolled back.`
        : `Everyone returns to ${props.target.version} at their next page load; ${props.live.version} is marked rolled back.`}
    </ConfirmDialog>
  );
}
