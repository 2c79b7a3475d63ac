import Box from '@mui/material/Box';
import { BuildTag, PageHeader } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';

export default function WithdrawalsPage() {
  return (
    <Box>
      <PageHeader title="Withdrawals" />
      <SignedInAs />
      <BuildTag remote="mf-wallet" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
