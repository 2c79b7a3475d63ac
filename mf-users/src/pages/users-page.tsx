import Box from '@mui/material/Box';
import { useListState } from '@paydesk/shared/list-state';
import { useCan } from '@paydesk/shared/session/use-can';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { userTabFields, UsersTabs } from '../components/users-tabs';
import { RolesView } from '../features/roles/components/roles-view';
import { UserManagement } from '../features/users/components/user-management';

/** User Management: the users, and beside them the roles for who may manage roles (roles.manage). */
export default function UsersPage() {
  const canManageRoles = useCan('roles.manage');
  const [{ tab }] = useListState(userTabFields);
  const shown = canManageRoles ? tab : 'users';
  return (
    <Box>
      {canManageRoles ? <UsersTabs current={shown} /> : null}
      {shown === 'roles' ? <RolesView /> : <UserManagement />}
      <BuildTag remote="mf-users" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
