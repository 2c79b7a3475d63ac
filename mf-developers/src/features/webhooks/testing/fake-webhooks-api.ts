import type { DeliveryAttempt, WebhookEndpoint, WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { answer } from '../../../testing/answer';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = (call: RecordedCall) => Response | Promise<Response>;

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

/** `/api/backend/webhooks` behind a spy on fetch; `reply` overrides "METHOD /api/path". */
export function fakeWebhooksApi({ endpoints = [anEndpoint()], attempts = [anAttempt()], events = [anEvent()] } = {}) {
  const calls: RecordedCall[] = [];
  const replies = new Map<string, Reply>();
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const override = replies.get(`${request.method} ${url.pathname}`);
    if (override) return override(call);
    const base = '/api/backend/webhooks';
    if (request.method === 'GET' && url.pathname === `${base}/endpoints`) return answer(200, { status: 'success', data: endpoints });
    if (request.method === 'GET' && url.pathname.endsWith('/attempts')) return answer(200, page(attempts));
    if (request.method === 'GET' && url.pathname === `${base}/events`) return answer(200, page(events));
    return answer(200, { status: 'success', message: 'Done' });
  });
  return {
    calls,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === `/api/backend/webhooks${path}`),
    reply: (key: string, reply: Reply) => replies.set(key, reply),
    restore: () => spy.mockRestore(),
  };
}
