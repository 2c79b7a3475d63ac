import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddModerator from '@mui/icons-material/AddModerator';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetRolesQuery } from '../../../lib/roles-api';
import { useGetPermissionsQuery } from '../api/roles-api';
import { DeleteRoleDialog } from './delete-role-dialog';
import { RoleDialog } from './role-dialog';
import { RolesTable } from './roles-table';

type OpenDialog = { kind: 'new' } | { kind: 'edit'; role: RoleInfo } | { kind: 'delete'; role: RoleInfo } | null;

/** The Roles tab of User Management (roles.manage): the roles, and New role, Edit and Delete. */
export function RolesView() {
  const roles = useGetRolesQuery();
  const catalogue = useGetPermissionsQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const newRole = catalogue.data ? (
    <Button variant="contained" startIcon={<AddModerator />} onClick={() => setDialog({ kind: 'new' })}>
      New role
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="User Management" actions={newRole} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Roles
          </Typography>
          <QueryState
            isLoading={roles.isLoading}
            error={roles.error}
            data={roles.data}
            errorText="Failed to load roles"
            onRetry={() => void roles.refetch()}
          >
            {(list) => (
              <RolesTable
                roles={list}
                onEdit={catalogue.data ? (role) => setDialog({ kind: 'edit', role }) : undefined}
                onDelete={(role) => setDialog({ kind: 'delete', role })}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && catalogue.data ? (
        <RoleDialog catalogue={catalogue.data} role={dialog.kind === 'edit' ? dialog.role : undefined} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteRoleDialog role={dialog.role} onClose={close} /> : null}
    </>
  );
}
