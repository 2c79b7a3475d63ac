import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { can, manageableRoles } from '@paydesk/shared/roles';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
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
  const roles = actor ? manageableRoles(actor.role) : [];
  const users = useGetUsersQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const addButton =
    roles.length > 0 ? (
      <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setDialog({ kind: 'add' })}>
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
                manageable={roles}
                actorId={actor?.id}
                onEdit={(user) => setDialog({ kind: 'edit', user })}
                onDelete={(user) => setDialog({ kind: 'delete', user })}
                onResetTwoFactor={
                  actor && can(actor.role, 'users.reset_two_factor') ? (user) => setDialog({ kind: 'reset-two-factor', user }) : undefined
                }
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
