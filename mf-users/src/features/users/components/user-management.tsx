import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useCan } from '@paydesk/shared/session/use-can';
import { useAppSelector } from '@paydesk/shared/store';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetRolesQuery } from '../../../lib/roles-api';
import { useGetUsersQuery } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { UsersTable } from './users-table';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'reset-two-factor'; user: AdminUser }
  | null;

/** USR-01, User Management: the Admin Users table and its Add, Edit and Delete dialogs. */
export function UserManagement() {
  const actor = useAppSelector(selectCurrentUser);
  const canManageUsers = useCan('users.manage');
  const canResetTwoFactor = useCan('users.reset_two_factor');
  const users = useGetUsersQuery();
  // The roles' names and who may get them; without roles.view the keys show as they are.
  const canViewRoles = useCan('roles.view');
  const { data: allRoles } = useGetRolesQuery(undefined, { skip: !canViewRoles });
  const { roles, roleNames, manageable } = useMemo(() => {
    const list = allRoles ?? [];
    // Giving a role is managing users: without users.manage nothing is assignable here.
    const assignable = list.filter((role) => canManageUsers && role.assignable).map(({ key, name }) => ({ key, name }));
    return {
      roles: assignable,
      roleNames: new Map(list.map((role) => [role.key, role.name])),
      manageable: new Set(assignable.map((role) => role.key)),
    };
  }, [allRoles, canManageUsers]);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  // The Role select offers what GET /api/backend/roles says the actor may give: the button waits for it.
  const addButton = canManageUsers ? (
    <Button variant="contained" startIcon={<PersonAddAlt />} disabled={roles.length === 0} onClick={() => setDialog({ kind: 'add' })}>
      Add User
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="User Management" actions={addButton} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Admin Users
          </Typography>
          <QueryState
            isLoading={users.isLoading}
            error={users.error}
            data={users.data}
            isEmpty={(list) => list.length === 0}
            emptyText="No users found"
            errorText="Failed to load users"
            onRetry={() => void users.refetch()}
          >
            {(list) => (
              <UsersTable
                users={list}
                roleNames={roleNames}
                manageable={manageable}
                actorId={actor?.id}
                onEdit={(user) => setDialog({ kind: 'edit', user })}
                onDelete={(user) => setDialog({ kind: 'delete', user })}
                onResetTwoFactor={canResetTwoFactor ? (user) => setDialog({ kind: 'reset-two-factor', user }) : undefined}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      {dialog?.kind === 'add' ? <AddUserDialog roles={roles} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog user={dialog.user} roles={roles} isSelf={dialog.user.id === actor?.id} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteUserDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'reset-two-factor' ? <ResetTwoFactorDialog user={dialog.user} onClose={close} /> : null}
    </>
  );
}
