import Box from '@mui/material/Box';
import { BuildTag, PageHeader } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';

export default function TransactionDetailsPage() {
  return (
    <Box>
      <PageHeader title="Transaction Details" />
      <SignedInAs />
      <BuildTag remote="mf-transactions" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
