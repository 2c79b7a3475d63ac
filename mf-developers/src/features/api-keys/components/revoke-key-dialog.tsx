import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiKey } from '@paydesk/shared/schemas/api-keys';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../webhooks/model/outcome';
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
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="revoke-key-title">
      <DialogTitle id="revoke-key-title">{`Revoke ${apiKey.prefix}…?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {apiKey.name} stops working now: every request made with it is refused. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>{isLoading ? 'Revoking...' : 'Revoke'}</Button>
      </DialogActions>
    </Dialog>
  );
}
