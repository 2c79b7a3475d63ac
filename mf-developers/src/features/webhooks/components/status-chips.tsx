import type { DeliveryAttempt, WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { StatusChip, type StatusTone } from '@paydesk/shared/ui/status-chip';

const endpointLook: Record<WebhookEndpoint['status'], { label: string; tone: StatusTone }> = {
  enabled: { label: 'Enabled', tone: 'success' },
  disabled: { label: 'Disabled', tone: 'neutral' },
  failing: { label: 'Failing', tone: 'error' },
};

const attemptLook: Record<DeliveryAttempt['status'], { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
};

export function EndpointStatusChip({ status }: { status: WebhookEndpoint['status'] }) {
  return <StatusChip label={endpointLook[status].label} tone={endpointLook[status].tone} data-testid="endpoint-status" />;
}

export function AttemptStatusChip({ status }: { status: DeliveryAttempt['status'] }) {
  return <StatusChip label={attemptLook[status].label} tone={attemptLook[status].tone} data-testid="attempt-status" />;
}
