import { useState } from 'react';
import type { Role } from '@paydesk/shared/roles';
import { createUserRequest } from '@paydesk/shared/schemas/user';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { useCreateUserMutation } from '../api/create-user';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { reportOutcome } from '../lib/report-outcome';
import { UserFormFields, type UserFormValues } from './user-form-fields';

// USR-02: default role viewer, default status on add active.
const blank: UserFormValues = { name: '', email: '', role: 'viewer', password: '', status: 'active' };

export function AddUserDialog({ roles, onClose }: { roles: readonly Role[]; onClose: () => void }) {
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [createUser, { isLoading }] = useCreateUserMutation();

  const submit = async () => {
    // The server's own schema: what it would refuse is said beside the field, without a call.
    const parsed = createUserRequest.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    const result = await createUser(parsed.data);
    if (reportOutcome(result, { success: 'User Added', fallback: 'Failed to add user' })) onClose();
  };

  return (
    <FormDialog
      title="Add User"
      submit={{ label: 'Add User', busyLabel: 'Adding...' }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFormFields
        variant="add"
        values={values}
        errors={errors}
        roles={roles}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
    </FormDialog>
  );
}
