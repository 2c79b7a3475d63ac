import Chip from '@mui/material/Chip';
import type { DeliveryAttempt, WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';

type Color = 'success' | 'error' | 'warning' | 'default';

const endpointLook: Record<WebhookEndpoint['status'], { label: string; color: Color }> = {
  enabled: { label: 'Enabled', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
  failing: { label: 'Failing', color: 'error' },
};

const attemptLook: Record<DeliveryAttempt['status'], { label: string; color: Color }> = {
  pending: { label: 'Pending', color: 'warning' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export function EndpointStatusChip({ status }: { status: WebhookEndpoint['status'] }) {
  return <Chip size="small" label={endpointLook[status].label} color={endpointLook[status].color} data-testid="endpoint-status" />;
}

export function AttemptStatusChip({ status }: { status: DeliveryAttempt['status'] }) {
  return <Chip size="small" label={attemptLook[status].label} color={attemptLook[status].color} data-testid="attempt-status" />;
}
