import Box from '@mui/material/Box';
import { BuildTag, PageHeader } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';

export default function UsersPage() {
  return (
    <Box>
      <PageHeader title="User Management" />
      <SignedInAs />
      <BuildTag remote="mf-users" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
