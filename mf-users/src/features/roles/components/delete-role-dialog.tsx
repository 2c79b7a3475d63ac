import { readApiError } from '@paydesk/shared/api/api-error';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { useDeleteRoleMutation } from '../api/roles-api';

/**
 * Delete asks first. A role someone holds is refused by the server (role_in_use), whose message
 * says how many users hold it: that message is the toast.
 */
export function DeleteRoleDialog({ role, onClose }: { role: RoleInfo; onClose: () => void }) {
  const [deleteRole, { isLoading }] = useDeleteRoleMutation();
  const confirm = async () => {
    const result = await deleteRole(role.key);
    if (result.error === undefined) {
      notify('success', 'Role Deleted', `${role.name} was deleted.`);
      onClose();
      return;
    }
    const failure = readApiError(result.error);
    notify(
      'error',
      'Error',
      failure.httpStatus === undefined ? 'An unexpected error occurred' : (failure.message ?? 'Failed to delete role'),
    );
    // Held by users, the role stays: asking again would get the same answer.
    if (failure.code === 'role_in_use') onClose();
  };
  return (
    <ConfirmDialog
      title="Delete Role"
      confirm={{ label: 'Confirm', busyLabel: 'Processing...' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      Are you sure you want to delete the role {role.name}? This action cannot be undone.
    </ConfirmDialog>
  );
}
