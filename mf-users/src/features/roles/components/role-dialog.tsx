import { useMemo, useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { readApiError } from '@paydesk/shared/api/api-error';
import type { Permission } from '@paydesk/shared/roles';
import { createRoleRequest, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, type PermissionInfo, type RoleInfo } from '@paydesk/shared/schemas/roles';
import { usePermissions } from '@paydesk/shared/session/use-can';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../api/roles-api';
import { impliedBy } from '../model/permission-selection';
import { PermissionChecklist } from './permission-checklist';

interface RoleDialogProps {
  catalogue: readonly PermissionInfo[];
  /** The custom role to edit; a new role without it. */
  role?: RoleInfo;
  onClose: () => void;
}

const UNEXPECTED = 'An unexpected error occurred';

/** New role and Edit: name, description and the permissions, by group; the server's refusal is said in the dialog. */
export function RoleDialog({ catalogue, role, onClose }: RoleDialogProps) {
  const held = usePermissions() ?? new Set<Permission>();
  const implied = useMemo(() => impliedBy(catalogue), [catalogue]);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [checked, setChecked] = useState<ReadonlySet<Permission>>(() => new Set(role?.permissions ?? []));
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [createRole, created] = useCreateRoleMutation();
  const [updateRole, updated] = useUpdateRoleMutation();
  const busy = created.isLoading || updated.isLoading;

  const submit = async () => {
    const body = { name, description, permissions: catalogue.map((entry) => entry.key).filter((key) => checked.has(key)) };
    const parsed = createRoleRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'name') setNameError(issue.message);
      else setError(issue?.message ?? UNEXPECTED);
      return;
    }
    setNameError(undefined);
    setError(null);
    const result = role ? await updateRole({ key: role.key, body }) : await createRole(body);
    if (result.error === undefined) {
      const count = result.data.permissions.length;
      notify('success', role ? 'Role Updated' : 'Role Created', `${result.data.name} has ${count} permission${count === 1 ? '' : 's'}.`);
      onClose();
      return;
    }
    const failure = readApiError(result.error);
    setError(
      failure.httpStatus === undefined ? UNEXPECTED : (failure.message ?? (role ? 'Failed to update role' : 'Failed to create role')),
    );
  };

  return (
    <FormDialog
      title={role ? `Edit role ${role.name}` : 'New role'}
      submit={{ label: role ? 'Save role' : 'Create role', busyLabel: 'Saving...' }}
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      noValidate
    >
      <TextField
        label="Name"
        name="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ htmlInput: { maxLength: ROLE_NAME_MAX } }}
      />
      <TextField
        label="Description"
        name="description"
        multiline
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ROLE_DESCRIPTION_MAX } }}
      />
      <Typography variant="subtitle1" component="h3">
        Permissions
      </Typography>
      <PermissionChecklist catalogue={catalogue} implied={implied} checked={checked} held={held} onChange={setChecked} disabled={busy} />
    </FormDialog>
  );
}
