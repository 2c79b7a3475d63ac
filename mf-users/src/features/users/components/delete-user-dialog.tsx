import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { useDeleteUserMutation } from '../api/delete-user';
import { reportOutcome } from '../lib/report-outcome';

/** USR-04: the delete confirmation, with Confirm reading 'Processing...' while busy. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [deleteUser, { isLoading }] = useDeleteUserMutation();

  const confirm = async () => {
    const result = await deleteUser(user.id);
    if (reportOutcome(result, { success: 'User Deleted', fallback: 'Failed to delete user' })) onClose();
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="delete-user-title" aria-describedby="delete-user-text">
      <DialogTitle id="delete-user-title">Delete User</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-user-text">
          Are you sure you want to delete {user.name}? This action cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {isLoading ? 'Processing...' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
