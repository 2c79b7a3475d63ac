import type { ApiKey } from '@paydesk/shared/schemas/api-keys';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useRevokeApiKeyMutation } from '../api/api-keys-api';

/** Revoke, confirmed (KEY-06): the key is refused at once. The last active key of a kind is refused by the server (KEY-07). */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeApiKeyMutation();
  const confirm = async () => {
    const result = await revoke(apiKey.id);
    if ('error' in result) {
      reportFailure(result.error, 'The key could not be revoked');
      return;
    }
    notify('success', 'API Key Revoked', apiKey.name);
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Revoke ${apiKey.prefix}…?`}
      confirm={{ label: 'Revoke', busyLabel: 'Revoking...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      {apiKey.name} stops working now: every request made with it is refused. This cannot be undone.
    </ConfirmDialog>
  );
}
