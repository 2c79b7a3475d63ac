import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { notify } from '@paydesk/shared/ui/notify';
import { useResendEventMutation } from '../api/deliveries-api';
import { useGetEndpointsQuery } from '../api/endpoints-api';
import { reportFailure } from '../../../lib/report-failure';
import { useCanManage } from '../../../lib/use-can-manage';

/** An event's JSON as its endpoints receive it, and Resend to a chosen endpoint (DEV-08). */
export function EventDrawer({ event, onClose }: { event: WebhookEvent; onClose: () => void }) {
  const canManage = useCanManage();
  const endpoints = useGetEndpointsQuery(undefined, { skip: !canManage });
  const [chosen, setChosen] = useState('');
  const [resend, { isLoading }] = useResendEventMutation();
  const options = (endpoints.data ?? []).map((e) => ({ value: e.id, label: e.url }));
  const endpointId = chosen || options[0]?.value || '';

  const submit = async () => {
    const result = await resend({ eventId: event.id, endpointId });
    if ('error' in result) reportFailure(result.error, 'The event could not be resent');
    else notify('success', 'Event Resent', `${event.id} to ${options.find((o) => o.value === endpointId)?.label ?? endpointId}`);
  };

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}>
      <Box role="dialog" aria-label={`Event ${event.id}`} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {event.type}
          </Typography>
          <Button onClick={onClose}>Close</Button>
        </Box>
        <Box
          component="pre"
          data-testid="event-json"
          sx={{ m: 0, p: 1, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 12 }}
        >
          {JSON.stringify(event, null, 2)}
        </Box>
        {canManage && options.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <OptionsSelectField label="Endpoint" value={endpointId} options={options} onChange={setChosen} />
            <Button variant="contained" onClick={() => void submit()} disabled={isLoading || !endpointId}>
              {isLoading ? 'Resending...' : 'Resend'}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Drawer>
  );
}
