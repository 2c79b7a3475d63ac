import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { EndpointView } from '../features/webhooks/components/endpoint-view';

export default function EndpointPage() {
  const { id = '' } = useParams();
  return (
    <Box>
      <EndpointView key={id} id={id} />
      <BuildTag remote="mf-developers" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
