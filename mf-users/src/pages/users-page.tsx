import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { UserManagement } from '../features/users/components/user-management';

export default function UsersPage() {
  return (
    <Box>
      <UserManagement />
      <BuildTag remote="mf-users" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
