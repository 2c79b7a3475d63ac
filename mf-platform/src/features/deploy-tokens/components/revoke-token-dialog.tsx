import type { DeployToken } from '@paydesk/shared/schemas/platform';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useRevokeDeployTokenMutation } from '../api/deploy-tokens-api';

/** Revoke, confirmed: the token releases nothing from now on. */
export function RevokeTokenDialog({ token, onClose }: { token: DeployToken; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeDeployTokenMutation();
  const confirm = async () => {
    const result = await revoke(token.id);
    if ('error' in result) {
      reportFailure(result.error, 'The token could not be revoked');
      return;
    }
    notify('success', result.data.message ?? 'Deploy token revoked', `${token.prefix}… of ${token.remote}`);
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Revoke ${token.prefix}…?`}
      confirm={{ label: 'Revoke', busyLabel: 'Revoking...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      A release of {token.remote} made with it is refused from now on: its team&apos;s CI needs a new token. This cannot be undone.
    </ConfirmDialog>
  );
}
