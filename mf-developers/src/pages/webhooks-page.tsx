import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { WebhooksView } from '../features/webhooks/components/webhooks-view';

export default function WebhooksPage() {
  return (
    <Box>
      <WebhooksView />
      <SignedInAs />
      <BuildTag remote="mf-developers" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
