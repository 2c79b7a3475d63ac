import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { RequestLogView } from '../features/api-keys/components/request-log-view';

export default function RequestLogPage() {
  return (
    <Box>
      <RequestLogView />
      <BuildTag remote="mf-developers" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
