import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { notify } from '@paydesk/shared/ui/notify';
import { useDeleteEndpointMutation } from '../api/endpoints-api';
import { reportFailure } from '../model/outcome';

/** Delete, confirmed (DEV-04): deliveries to the endpoint stop. */
export function DeleteEndpointDialog({ endpoint, onDeleted, onClose }: { endpoint: WebhookEndpoint; onDeleted: () => void; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteEndpointMutation();
  const confirm = async () => {
    const result = await remove(endpoint.id);
    if ('error' in result) {
      reportFailure(result.error, 'The endpoint could not be deleted');
      return;
    }
    notify('success', 'Endpoint Deleted', endpoint.url);
    onDeleted();
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="delete-endpoint-title">
      <DialogTitle id="delete-endpoint-title">Delete endpoint?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ wordBreak: 'break-all' }}>
          {endpoint.url} will receive no more events. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>{isLoading ? 'Deleting...' : 'Delete'}</Button>
      </DialogActions>
    </Dialog>
  );
}
