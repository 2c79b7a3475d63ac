import type { DeliveryAttempt, WebhookEndpoint, WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { fakeApi } from '@paydesk/shared/testing/fake-api';

const page = <T>(rows: readonly T[]) => ({
  status: 'success',
  data: {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: rows.length ? 1 : null,
    to: rows.length || null,
    total: rows.length,
  },
});

export const anEndpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'we_1',
  url: 'https://shop.example/hooks',
  description: 'Orders',
  event_types: ['payment.succeeded', 'payment.failed'],
  enabled: true,
  status: 'enabled',
  previous_secret_expires_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const anAttempt = (over: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  id: 'wa_1',
  event_id: 'evt_1',
  event_type: 'payment.succeeded',
  attempt: 1,
  status: 'failed',
  response_status: 500,
  duration_ms: 120,
  response_body: 'upstream exploded',
  attempted_at: '2026-03-01T10:01:00.000Z',
  next_retry_at: '2026-03-01T10:06:00.000Z',
  ...over,
});

export const anEvent = (over: Partial<WebhookEvent> = {}): WebhookEvent => ({
  id: 'evt_1',
  type: 'payment.succeeded',
  created: 1_772_359_200,
  data: { object: { id: 'TXN1', amount: '25.00' } },
  ...over,
});

const base = '/api/backend/webhooks';
const done = () => ({ body: { status: 'success', message: 'Done' } });

/**
 * The webhook calls on the shared fake API: the lists answer one page of the rows given, and the
 * endpoint's changes and Resend succeed unless `reply` replaces "METHOD /api/path".
 */
export function fakeWebhooksApi({ endpoints = [anEndpoint()], attempts = [anAttempt()], events = [anEvent()] } = {}) {
  const api = fakeApi({
    [`GET ${base}/endpoints`]: () => ({ body: { status: 'success', data: endpoints } }),
    [`GET ${base}/endpoints/:id/attempts`]: () => ({ body: page(attempts) }),
    [`GET ${base}/events`]: () => ({ body: page(events) }),
    [`PATCH ${base}/endpoints/:id`]: done,
    [`DELETE ${base}/endpoints/:id`]: done,
    [`POST ${base}/events/:id/resend`]: done,
  });
  return {
    ...api,
    /** The calls to one path under /api/backend/webhooks, e.g. sent('POST', '/endpoints'). */
    sent: (method: string, path: string) => api.callsTo(`${method} ${base}${path}`),
  };
}
