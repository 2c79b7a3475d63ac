import Button from '@mui/material/Button';
import { endedBySignOut } from '@paydesk/shared/api/api-error';
import type { PoolCard } from '@paydesk/shared/schemas/card';
import { notify } from '@paydesk/shared/ui/notify';
import { useSetCardStatusMutation } from '../api/cards-api';

/** Block on an active card, Unblock on a blocked one (CARD-06); the row changes when the server accepts. */
export function CardStatusButton({ card }: { card: PoolCard }) {
  const [setStatus, { isLoading }] = useSetCardStatusMutation();
  const blocking = card.status === 'active';

  const change = async () => {
    const result = await setStatus({ id: card.id, status: blocking ? 'blocked' : 'active' });
    if (result.data) {
      notify('success', 'Status Updated', `Card has been ${result.data.status === 'blocked' ? 'blocked' : 'unblocked'} successfully`);
    } else if (!endedBySignOut(result.error)) {
      notify('error', 'Error', 'Failed to update card status');
    }
  };

  return (
    <Button size="small" variant="outlined" color={blocking ? 'error' : 'success'} disabled={isLoading} onClick={() => void change()}>
      {blocking ? 'Block' : 'Unblock'}
    </Button>
  );
}
