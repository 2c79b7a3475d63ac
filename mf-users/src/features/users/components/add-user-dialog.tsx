import { useState } from 'react';
import { createUserRequest } from '@paydesk/shared/schemas/user';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { useCreateUserMutation } from '../api/create-user';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { reportOutcome } from '../lib/report-outcome';
import { UserFormFields, type RoleChoice, type UserFormValues } from './user-form-fields';

// USR-02: default role viewer (or the first the user may give, when not viewer), default status on add active.
const DEFAULT_ROLE = 'viewer';
const blankFor = (roles: readonly RoleChoice[]): UserFormValues => ({
  name: '',
  email: '',
  role: roles.some((role) => role.key === DEFAULT_ROLE) ? DEFAULT_ROLE : (roles[0]?.key ?? DEFAULT_ROLE),
  password: '',
  status: 'active',
});

export function AddUserDialog({ roles, onClose }: { roles: readonly RoleChoice[]; onClose: () => void }) {
  const [values, setValues] = useState(() => blankFor(roles));
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
