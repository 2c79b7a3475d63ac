import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { EventsView } from '../features/webhooks/components/events-view';

export default function EventsPage() {
  return (
    <Box>
      <EventsView />
      <BuildTag remote="mf-developers" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
