import Box from '@mui/material/Box';
import { BuildTag, PageHeader } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';

export default function DashboardPage() {
  return (
    <Box>
      <PageHeader title="Dashboard" />
      <SignedInAs />
      <BuildTag remote="mf-transactions" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
