import Button from '@mui/material/Button';
import type { PoolCard } from '@paydesk/shared/schemas/card';
import { notify } from '@paydesk/shared/ui/notify';
import { useSetCardStatusMutation } from '../api/cards-api';

/**
 * A 401 ends the session through the shared base query, with its own toast, and the reset of the
 * API state aborts this very request: neither gets the failure toast.
 */
const sessionEnded = (error: unknown) =>
  typeof error === 'object' && error !== null && (('status' in error && error.status === 401) || ('name' in error && error.name === 'AbortError'));

/** Block on an active card, Unblock on a blocked one (CARD-06); the row changes when the server accepts. */
export function CardStatusButton({ card }: { card: PoolCard }) {
  const [setStatus, { isLoading }] = useSetCardStatusMutation();
  const blocking = card.status === 'active';

  const change = async () => {
    const result = await setStatus({ id: card.id, status: blocking ? 'blocked' : 'active' });
    if (result.data) {
      notify('success', 'Status Updated', `Card has been ${result.data.status === 'blocked' ? 'blocked' : 'unblocked'} successfully`);
    } else if (!sessionEnded(result.error)) {
      notify('error', 'Error', 'Failed to update card status');
    }
  };

  return (
    <Button size="small" variant="outlined" color={blocking ? 'error' : 'success'} disabled={isLoading} onClick={() => void change()}>
      {blocking ? 'Block' : 'Unblock'}
    </Button>
  );
}
