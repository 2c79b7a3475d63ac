import Box from '@mui/material/Box';
import { BuildTag, PageHeader } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';

export default function CardsPage() {
  return (
    <Box>
      <PageHeader title="Card Management"
        subtitle="Manage and monitor card details" />
      <SignedInAs />
      <BuildTag remote="mf-cards" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
