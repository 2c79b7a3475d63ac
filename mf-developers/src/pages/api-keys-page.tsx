import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { ApiKeysView } from '../features/api-keys/components/api-keys-view';

export default function ApiKeysPage() {
  return (
    <Box>
      <ApiKeysView />
      <SignedInAs />
      <BuildTag remote="mf-developers" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
