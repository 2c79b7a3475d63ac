import { useState } from 'react';
import { updateUserRequest, type AdminUser } from '@paydesk/shared/schemas/user';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { useUpdateUserMutation } from '../api/update-user';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { reportOutcome } from '../lib/report-outcome';
import { EDIT_DELAY_MS, wait } from '../lib/simulated-delay';
import { UserFormFields, type RoleChoice } from './user-form-fields';

const editRequest = updateUserRequest.omit({ password: true });

interface EditUserDialogProps {
  user: AdminUser;
  roles: readonly RoleChoice[];
  /** Editing one's own account: the server refuses deactivating it, so the form does not offer it. */
  isSelf: boolean;
  onClose: () => void;
  delayMs?: number;
}

export function EditUserDialog({ user, roles, isSelf, onClose, delayMs = EDIT_DELAY_MS }: EditUserDialogProps) {
  const [values, setValues] = useState({ name: user.name, email: user.email, role: user.role, status: user.status, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [updateUser] = useUpdateUserMutation();

  const submit = async () => {
    const parsed = editRequest.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    await wait(delayMs);
    const result = await updateUser({ id: user.id, body: parsed.data });
    setBusy(false);
    // ERR-09: the update path also falls back to 'Failed to add user'.
    if (reportOutcome(result, { success: 'User Updated', fallback: 'Failed to add user' })) onClose();
  };

  return (
    <FormDialog
      title="Edit User"
      submit={{ label: 'Update User', busyLabel: 'Updating...' }}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFormFields
        variant="edit"
        values={values}
        errors={errors}
        roles={roles}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        statusLockedReason={isSelf ? 'You cannot deactivate your own account' : undefined}
      />
    </FormDialog>
  );
}
