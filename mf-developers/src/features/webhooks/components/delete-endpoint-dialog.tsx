import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { useDeleteEndpointMutation } from '../api/endpoints-api';
import { reportFailure } from '../../../lib/report-failure';

/** Delete, confirmed (DEV-04): deliveries to the endpoint stop. */
export function DeleteEndpointDialog({
  endpoint,
  onDeleted,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onDeleted: () => void;
  onClose: () => void;
}) {
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
    <ConfirmDialog
      title="Delete endpoint?"
      confirm={{ label: 'Delete', busyLabel: 'Deleting...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      {endpoint.url} will receive no more events. This cannot be undone.
    </ConfirmDialog>
  );
}
