import { webhookEvent, SIGNATURE_HEADER } from '@paydesk/shared/schemas/webhooks';
import { claimDueDeliveries, fanOutEvents, recordAttempts, type AttemptRecord } from '../src/webhooks/deliveries-repository';
import { startWebhookWorker, type WebhookWorker } from '../src/webhooks/delivery-worker';
import { verifySignature } from '../src/webhooks/signature';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { eventually, startReceiver, type Receiver } from './webhook-receiver';

/**
 * Delivery to a real receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_HOSTS): signed POSTs,
 * retries on a short schedule, failing and recovered endpoints, no redirects, timeouts (HOOK-03).
 */
const SCHEDULE = ['100ms', '100ms', '100ms', '100ms', '100ms', '100ms'];
let t: TestApp;
let admin: Record<string, string>;
let receiver: Receiver;
let worker: WebhookWorker;
let client: ReturnType<typeof payerClient>;

beforeAll(async () => {
  t = await buildTestApp({
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(','),
    WEBHOOK_TIMEOUT_SECONDS: '1',
    WEBHOOK_POLL_MS: '60000',
  });
  admin = bearer(await login(t.app, 'admin@paydesk.test'));
  client = payerClient(t.app, t.config);
  receiver = await startReceiver();
  worker = startWebhookWorker(t.db, t.config, t.app.log);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  receiver.heard.length = 0;
  receiver.answer((response) => response.end('ok'));
  // Each test's endpoint hears its own events only.
  await t.db.query(`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
  await t.db.query(`update webhook_deliveries set status = 'failed', next_attempt_at = null where status = 'pending'`);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/backend/webhooks${url}`, headers: admin, ...(payload ? { payload } : {}) });

async function newEndpoint(path = '/hooks', eventTypes = ['payment.succeeded']) {
  const response = await api('POST', '/endpoints', { url: receiver.url(path), event_types: eventTypes, description: 'test' });
  expect(response.statusCode).toBe(201);
  return response.json().data as { endpoint: { id: string; status: string }; secret: string };
}

const step = () => worker.runOnce();
const attemptsOf = async (endpointId: string) => (await api('GET', `/endpoints/${endpointId}/attempts?limit=50`)).json().data;
const statusOf = async (endpointId: string) =>
  ((await api('GET', '/endpoints')).json().data as { id: string; status: string }[]).find((e) => e.id === endpointId)?.status;

describe('delivery', () => {
  it('drains a backlog larger than a poll takes without waiting for the next poll', async () => {
    const { endpoint } = await newEndpoint('/backlog', ['refund.created']);
    await t.db.query(
      `insert into webhook_events (id, type, object) select 'evt_backlog' || lpad(n::text, 12, '0'), 'refund.created', '{}'::jsonb from generate_series(1, 150) n`,
    );
    await step();
    // Every delivery tried in that one run (a try that timed out on a loaded machine counts: it is retried).
    const [tried] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and attempts > 0`,
      [endpoint.id],
    );
    expect(tried!.n).toBe(150);
    const pending = () => t.db.query(`select 1 from webhook_deliveries where endpoint_id = $1 and status = 'pending'`, [endpoint.id]);
    await eventually(async () => (await pending()).length === 0, step);
  });

  it('delivers at a trickle while the process is busy, and catches up once it is not', async () => {
    const { endpoint } = await newEndpoint('/busy', ['refund.created']);
    await t.db.query(
      `insert into webhook_events (id, type, object) select 'evt_busy' || lpad(n::text, 12, '0'), 'refund.created', '{}'::jsonb from generate_series(1, 40) n`,
    );
    let busy = true;
    const yielding = startWebhookWorker(t.db, t.config, t.app.log, { busy: () => busy });
    try {
      await yielding.runOnce();
      await yielding.runOnce();
      // Four attempts per poll, and no claim between polls.
      expect(receiver.heard.filter((h) => h.url === '/busy')).toHaveLength(8);
      busy = false;
      await yielding.runOnce();
      expect(new Set(receiver.heard.filter((h) => h.url === '/busy').map((h) => h.headers['paydesk-event-id'])).size).toBe(40);
    } finally {
      await yielding.stop();
    }
    const pending = () => t.db.query(`select 1 from webhook_deliveries where endpoint_id = $1 and status = 'pending'`, [endpoint.id]);
    await eventually(async () => (await pending()).length === 0, step);
  });

  it("POSTs a signed event that the README snippet verifies, with the read API's object", async () => {
    const { endpoint, secret } = await newEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const [stored] = await t.db.query<{ secret_sealed: string }>('select secret_sealed from webhook_endpoints where id = $1', [
      endpoint.id,
    ]);
    expect(stored!.secret_sealed).not.toContain(secret.slice(6));
    expect(JSON.stringify((await api('GET', '/endpoints')).json())).not.toContain(secret);

    const { ids } = await client.pay('4242424242424242');
    const [heard] = await eventually(() => receiver.heard.length > 0 && receiver.heard, step);
    const event = webhookEvent.parse(JSON.parse(heard!.body));
    expect(event).toMatchObject({ type: 'payment.succeeded', data: { object: { id: ids.transactionId } } });
    expect(heard!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Paydesk-Webhooks/1',
      'paydesk-event-id': event.id,
    });
    const signature = heard!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(heard!.body, signature, secret)).toBe(true);
    expect(verifySignature(heard!.body, signature, 'whsec_other')).toBe(false);
    const paid = await t.app.inject({ method: 'GET', url: `/api/payments/${ids.transactionId}`, headers: bearer(t.config.secretKey) });
    expect(event.data.object).toEqual(paid.json().data);

    const [attempt] = (await attemptsOf(endpoint.id)).data;
    expect(attempt).toMatchObject({
      event_id: event.id,
      event_type: 'payment.succeeded',
      attempt: 1,
      status: 'succeeded',
      response_status: 200,
      response_body: 'ok',
      next_retry_at: null,
    });
  });

  it('sends only the types an endpoint subscribes to', async () => {
    await newEndpoint('/hooks', ['payment.failed']);
    await client.pay('4242424242424242');
    const { ids } = await client.pay('4000000000000002');
    await eventually(() => receiver.heard.length > 0, step);
    await step();
    expect(receiver.heard.map((h) => JSON.parse(h.body).type)).toEqual(['payment.failed']);
    expect(JSON.parse(receiver.heard[0]!.body).data.object.id).toBe(ids.transactionId);
  });

  it('retries a failing receiver until it recovers, and lists each attempt with the next retry', async () => {
    const { endpoint } = await newEndpoint();
    receiver.answer((response, count) => {
      response.statusCode = count <= 2 ? 503 : 200;
      response.end(count <= 2 ? 'down' : 'ok');
    });
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 3, step);
    await step();
    expect(new Set(receiver.heard.map((h) => h.headers['paydesk-event-id'])).size).toBe(1);
    // Equal jitter: each retry waited at least half its scheduled 100 ms.
    expect(receiver.heard[1]!.at - receiver.heard[0]!.at).toBeGreaterThanOrEqual(50);
    const log = (await attemptsOf(endpoint.id)).data;
    expect(log.map((a: { attempt: number; status: string; response_status: number }) => [a.attempt, a.status, a.response_status])).toEqual([
      [3, 'succeeded', 200],
      [2, 'failed', 503],
      [1, 'failed', 503],
    ]);
    expect(await statusOf(endpoint.id)).toBe('enabled');
  });

  it('a pending retry shows when it is due', async () => {
    const { endpoint } = await newEndpoint();
    receiver.answer((response) => ((response.statusCode = 500), response.end('no')));
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 1, step);
    const [latest] = (await attemptsOf(endpoint.id)).data;
    expect(latest).toMatchObject({ attempt: 1, status: 'failed', response_status: 500, next_retry_at: expect.any(String) });
  });

  it('marks an endpoint failing after 5 failures in a row, keeps delivering, fails the delivery after the schedule, and is enabled again at a success', async () => {
    const { endpoint } = await newEndpoint();
    receiver.answer((response) => ((response.statusCode = 500), response.end('no')));
    const { ids } = await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 5, step);
    expect(await statusOf(endpoint.id)).toBe('failing');
    await eventually(() => receiver.heard.length >= SCHEDULE.length + 1, step);
    const [delivery] = await t.db.query<{ status: string; attempts: number }>(
      `select d.status, d.attempts from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.object->>'id' = $1 and d.endpoint_id = $2`,
      [ids.transactionId, endpoint.id],
    );
    expect(delivery).toEqual({ status: 'failed', attempts: SCHEDULE.length + 1 });
    await step();
    expect(receiver.heard).toHaveLength(SCHEDULE.length + 1);

    receiver.answer((response) => response.end('ok'));
    await client.pay('4242424242424242');
    await eventually(async () => (await statusOf(endpoint.id)) === 'enabled', step);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { endpoint } = await newEndpoint();
    receiver.answer((response, count) => {
      response.statusCode = count === 1 ? 302 : 200;
      response.setHeader('location', receiver.url('/elsewhere'));
      response.end();
    });
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 2, step);
    expect(receiver.heard.map((h) => h.url)).toEqual(['/hooks', '/hooks']);
    const log = (await attemptsOf(endpoint.id)).data;
    expect(log.at(-1)).toMatchObject({
      attempt: 1,
      status: 'failed',
      response_status: 302,
      response_body: expect.stringContaining('Redirect not followed'),
    });
  });

  it('gives up an attempt after WEBHOOK_TIMEOUT_SECONDS', async () => {
    const { endpoint } = await newEndpoint();
    receiver.answer(() => undefined);
    await client.pay('4242424242424242');
    const [attempt] = await eventually(async () => {
      const log = (await attemptsOf(endpoint.id)).data;
      return log.length > 0 && log[0].status === 'failed' && log;
    }, step);
    expect(attempt).toMatchObject({ status: 'failed', response_status: null, response_body: 'Timed out after 1000 ms' });
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(990);
  });

  it('resends an event to one endpoint now, with the same event id', async () => {
    const { endpoint } = await newEndpoint();
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 1, step);
    const eventId = receiver.heard[0]!.headers['paydesk-event-id'] as string;
    const resend = await api('POST', `/events/${eventId}/resend`, { endpoint_id: endpoint.id });
    expect(resend.statusCode).toBe(202);
    await eventually(() => receiver.heard.length >= 2, step);
    expect(receiver.heard[1]!.headers['paydesk-event-id']).toBe(eventId);
    expect((await api('POST', `/events/evt_${'x'.repeat(20)}/resend`, { endpoint_id: endpoint.id })).statusCode).toBe(404);
    expect((await api('GET', `/events/${eventId}`)).json().data).toMatchObject({ id: eventId, type: 'payment.succeeded' });
  });

  it("signs with the old and the new secret during a roll's grace, then with the new one only", async () => {
    const { endpoint, secret: first } = await newEndpoint();
    const rolled = await api('POST', `/endpoints/${endpoint.id}/roll-secret`, { grace_hours: 24 });
    expect(rolled.statusCode).toBe(200);
    const second = rolled.json().data.secret as string;
    expect(rolled.json().data.endpoint.previous_secret_expires_at).toEqual(expect.any(String));
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 1, step);
    const during = receiver.heard[0]!;
    expect(String(during.headers['paydesk-signature']).match(/v1=/g)).toHaveLength(2);
    expect([
      verifySignature(during.body, String(during.headers['paydesk-signature']), first),
      verifySignature(during.body, String(during.headers['paydesk-signature']), second),
    ]).toEqual([true, true]);

    const ended = await api('POST', `/endpoints/${endpoint.id}/roll-secret`, { grace_hours: 0 });
    const third = ended.json().data.secret as string;
    expect(ended.json().data.endpoint.previous_secret_expires_at).toBeNull();
    await client.pay('4242424242424242');
    await eventually(() => receiver.heard.length >= 2, step);
    const after = receiver.heard[1]!;
    const header = String(after.headers['paydesk-signature']);
    expect([verifySignature(after.body, header, second), verifySignature(after.body, header, third)]).toEqual([false, true]);
  });
});

describe('attempts recorded together', () => {
  async function claimed(count: number) {
    const { endpoint } = await newEndpoint('/together', ['refund.created']);
    const prefix = `evt_together${endpoint.id.slice(-6)}`;
    await t.db.query(
      `insert into webhook_events (id, type, object) select $1 || lpad(n::text, 8, '0'), 'refund.created', '{}'::jsonb from generate_series(1, $2) n`,
      [prefix, count],
    );
    await fanOutEvents(t.db, 500);
    const deliveries = await claimDueDeliveries(t.db, count, 60_000);
    expect(deliveries).toHaveLength(count);
    return { endpoint, deliveries };
  }
  const attempt = (delivery: { id: number; attempts: number }, ok: boolean): AttemptRecord => ({
    deliveryId: delivery.id,
    attemptsBefore: delivery.attempts,
    startedAt: new Date(),
    durationMs: 3,
    ok,
    status: ok ? 200 : 500,
    body: '',
    retryInMs: ok ? null : 60_000,
  });
  const failures = async (id: string) =>
    (
      await t.db.query<{ consecutive_failures: number; failing: boolean }>(
        'select consecutive_failures, failing_since is not null as failing from webhook_endpoints where id = $1',
        [id],
      )
    )[0];

  it("counts an endpoint's failures in a row across one statement, from its last success", async () => {
    const { endpoint, deliveries: d } = await claimed(8);
    expect(
      await recordAttempts(t.db, [attempt(d[0]!, false), attempt(d[1]!, false), attempt(d[2]!, true), attempt(d[3]!, false)], 5),
    ).toEqual([true, true, true, true]);
    expect(await failures(endpoint.id)).toEqual({ consecutive_failures: 1, failing: false });
    await recordAttempts(t.db, [attempt(d[4]!, false), attempt(d[5]!, false), attempt(d[6]!, false), attempt(d[7]!, false)], 5);
    expect(await failures(endpoint.id)).toEqual({ consecutive_failures: 5, failing: true });
    expect(await statusOf(endpoint.id)).toBe('failing');
    const [n] = await t.db.query<{ n: number }>('select count(*)::int as n from webhook_attempts where endpoint_id = $1', [endpoint.id]);
    expect(n!.n).toBe(8);
  });

  it('records an attempt only once, and not one whose delivery was recorded since its claim', async () => {
    const { endpoint, deliveries: d } = await claimed(2);
    expect(await recordAttempts(t.db, [attempt(d[0]!, true)], 5)).toEqual([true]);
    expect(await recordAttempts(t.db, [attempt(d[0]!, true), attempt(d[1]!, true)], 5)).toEqual([false, true]);
    expect(await failures(endpoint.id)).toEqual({ consecutive_failures: 0, failing: false });
  });
});

describe('the back office API', () => {
  it('creates, lists, changes and deletes endpoints; filters and pages events', async () => {
    const { endpoint } = await newEndpoint('/hooks', ['payment.succeeded', 'payment.failed']);
    const patched = await api('PATCH', `/endpoints/${endpoint.id}`, { enabled: false, description: 'paused' });
    expect(patched.json().data).toMatchObject({ enabled: false, status: 'disabled', description: 'paused' });
    expect((await api('PATCH', '/endpoints/we_nope', { enabled: true })).statusCode).toBe(404);
    expect((await api('POST', '/endpoints', { url: receiver.url(), event_types: [] })).statusCode).toBe(400);
    expect((await api('POST', '/endpoints', { url: 'ftp://example.com/x', event_types: ['payment.failed'] })).statusCode).toBe(400);
    expect((await api('DELETE', `/endpoints/${endpoint.id}`)).statusCode).toBe(200);
    expect((await api('GET', '/endpoints')).json().data.map((e: { id: string }) => e.id)).not.toContain(endpoint.id);

    await client.pay('4000000000000002');
    const page = (await api('GET', '/events?type=payment.failed&limit=1&page=1')).json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 1, data: [expect.objectContaining({ type: 'payment.failed' })] });
    expect(page.total).toBeGreaterThanOrEqual(1);
    const future = (await api('GET', '/events?from=2999-01-01')).json().data;
    expect(future).toMatchObject({ total: 0, data: [] });
    expect((await api('GET', '/events?type=nope')).statusCode).toBe(400);
  });

  it('refuses viewers', async () => {
    const viewer = bearer(await login(t.app, 'viewer@paydesk.test'));
    const response = await t.app.inject({ method: 'GET', url: '/api/backend/webhooks/endpoints', headers: viewer });
    expect([response.statusCode, response.json().code]).toEqual([403, 'forbidden']);
  });
});
