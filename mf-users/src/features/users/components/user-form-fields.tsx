import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SelectField } from '@paydesk/shared/ui/select-field';
import { userStatuses, type UserStatus } from '@paydesk/shared/schemas/user';
import type { FieldErrors } from '../lib/field-errors';
import { statusLabel } from './user-status-chip';

/** A role the Role select offers. */
export interface RoleChoice {
  key: string;
  name: string;
}

export interface UserFormValues {
  name: string;
  email: string;
  role: string;
  password: string;
  status: UserStatus;
}

interface UserFormFieldsProps {
  values: UserFormValues;
  errors: FieldErrors;
  /** The roles the signed-in user may give (`assignable` of GET /api/backend/roles), by key and name. */
  roles: readonly RoleChoice[];
  onChange: (patch: Partial<UserFormValues>) => void;
  /** Add: Name, Email, Role, Password. Edit: Name, Email, Role, Status (USR-02, USR-03). */
  variant: 'add' | 'edit';
  /** Why the status cannot change (one's own account), if it cannot. */
  statusLockedReason?: string | undefined;
}

export function UserFormFields({ values, errors, roles, onChange, variant, statusLockedReason }: UserFormFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        required
        value={values.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        value={values.email}
        onChange={(e) => onChange({ email: e.target.value })}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        onChange={(role) => onChange({ role })}
        error={Boolean(errors.role)}
        helperText={errors.role}
      >
        {roles.map((role) => (
          <MenuItem key={role.key} value={role.key}>
            {role.name}
          </MenuItem>
        ))}
      </SelectField>
      {variant === 'add' ? (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => onChange({ password: e.target.value })}
          error={Boolean(errors.password)}
          helperText={errors.password ?? 'At least 12 characters, with letters and digits'}
        />
      ) : (
        <SelectField
          label="Status"
          name="status"
          value={values.status}
          disabled={Boolean(statusLockedReason)}
          onChange={(status) => onChange({ status: status as UserStatus })}
          error={Boolean(errors.status)}
          helperText={errors.status ?? statusLockedReason}
        >
          {userStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </SelectField>
      )}
    </>
  );
}
