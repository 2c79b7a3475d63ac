import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { CardManagement } from '../features/cards/components/card-management';

export default function CardsPage() {
  return (
    <Box>
      <CardManagement />
      <SignedInAs />
      <BuildTag remote="mf-cards" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
