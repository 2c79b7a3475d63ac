import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { DashboardView } from '../features/dashboard/components/dashboard-view';

export default function DashboardPage() {
  return (
    <Box>
      <DashboardView />
      <SignedInAs />
      <BuildTag remote="mf-transactions" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
