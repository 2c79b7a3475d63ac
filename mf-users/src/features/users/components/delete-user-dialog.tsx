import type { AdminUser } from '@paydesk/shared/schemas/user';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
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
    <ConfirmDialog
      title="Delete User"
      confirm={{ label: 'Confirm', busyLabel: 'Processing...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      Are you sure you want to delete {user.name}? This action cannot be undone.
    </ConfirmDialog>
  );
}
