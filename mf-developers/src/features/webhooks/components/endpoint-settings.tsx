import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { LabelChip } from '@paydesk/shared/ui/label-chip';
import { notify } from '@paydesk/shared/ui/notify';
import { useUpdateEndpointMutation } from '../api/endpoints-api';
import type { EndpointWithSecret } from '../api/envelopes';
import { valuesOf, type EndpointInput } from '../model/endpoint-form';
import { reportFailure } from '../../../lib/report-failure';
import { useCanManage } from '../../../lib/use-can-manage';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { EndpointDialog } from './endpoint-dialog';
import { RollSecretDialog } from './roll-secret-dialog';
import { SecretDialog } from './secret-dialog';
import { EndpointStatusChip } from './status-chips';

type Open = 'edit' | 'roll' | 'delete' | null;

/** An endpoint's settings and its actions (DEV-04, DEV-05). */
export function EndpointSettings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState<Open>(null);
  const [rolled, setRolled] = useState<EndpointWithSecret | null>(null);
  const [update, { isLoading: switching }] = useUpdateEndpointMutation();
  const canManage = useCanManage();
  const navigate = useNavigate();

  const save = async (patch: Partial<EndpointInput>, done: string) => {
    const result = await update({ id: endpoint.id, patch });
    if ('error' in result) return { error: result.error };
    notify('success', done, endpoint.url);
    return undefined;
  };
  const toggle = async () => {
    const failure = await save({ enabled: !endpoint.enabled }, endpoint.enabled ? 'Endpoint Disabled' : 'Endpoint Enabled');
    if (failure) reportFailure(failure.error, 'The endpoint could not be changed');
  };

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all', flex: '1 1 240px' }}>
            {endpoint.url}
          </Typography>
          <EndpointStatusChip status={endpoint.status} />
        </Box>
        <Typography color="text.secondary">{endpoint.description || 'No description'}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Events sent">
          {endpoint.event_types.map((t) => (
            <LabelChip key={t} label={t} />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          Created {formatDateTime(endpoint.created_at)}
          {endpoint.previous_secret_expires_at
            ? ` · previous secret signs until ${formatDateTime(endpoint.previous_secret_expires_at)}`
            : ''}
        </Typography>
        {canManage ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => setOpen('edit')}>
              Edit
            </Button>
            <Button variant="outlined" onClick={() => void toggle()} disabled={switching}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="outlined" onClick={() => setOpen('roll')}>
              Roll secret
            </Button>
            <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
              Delete
            </Button>
          </Box>
        ) : null}
      </CardContent>
      {open === 'edit' ? (
        <EndpointDialog
          title="Edit endpoint"
          submitLabel="Save"
          initial={valuesOf(endpoint)}
          onClose={() => setOpen(null)}
          save={async (input) => {
            const failure = await save(input, 'Endpoint Updated');
            if (!failure) setOpen(null);
            return failure;
          }}
        />
      ) : null}
      {open === 'roll' ? (
        <RollSecretDialog
          endpointId={endpoint.id}
          onClose={() => setOpen(null)}
          onRolled={(r) => {
            setOpen(null);
            setRolled(r);
          }}
        />
      ) : null}
      {open === 'delete' ? (
        <DeleteEndpointDialog endpoint={endpoint} onClose={() => setOpen(null)} onDeleted={() => navigate(controlPaths.developers)} />
      ) : null}
      {rolled ? (
        <SecretDialog secret={rolled.secret} previousUntil={rolled.endpoint.previous_secret_expires_at} onClose={() => setRolled(null)} />
      ) : null}
    </Card>
  );
}
