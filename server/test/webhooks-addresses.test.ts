import { addressPolicy, isPublicAddress } from '../src/webhooks/address-policy';
import { startWebhookWorker } from '../src/webhooks/delivery-worker';
import { bearer, buildTestApp, login, testConfig, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { eventually, startReceiver, type Receiver } from './webhook-receiver';

/** Webhooks go to public addresses only, outside demo mode and unless allowed by name (HOOK-05). */
let t: TestApp;
let admin: Record<string, string>;
let receiver: Receiver;
beforeAll(async () => {
  t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost', WEBHOOK_POLL_MS: '60000' });
  admin = bearer(await login(t.app, 'admin@paydesk.test'));
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

it.each([
  '127.0.0.1',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '64:ff9b::a00:1',
])('%s is not a public address', (address) => {
  expect(isPublicAddress(address)).toBe(false);
});

it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is a public address', (address) => {
  expect(isPublicAddress(address)).toBe(true);
});

describe('at create and update', () => {
  const strict = () => addressPolicy(testConfig());
  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://localhost/hooks',
    'http://[::1]/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://10.1.2.3/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00::1]/x',
    'http://0.0.0.0/x',
    'http://100.100.1.1/x',
  ])('refuses %s with 422 webhook_url_refused', async (url) => {
    expect(await strict().check(new URL(url))).toEqual(expect.stringContaining('is not a public address'));
    const app = await buildTestApp();
    try {
      const token = bearer(await login(app.app, 'admin@paydesk.test'));
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/backend/webhooks/endpoints',
        headers: token,
        payload: { url, event_types: ['payment.succeeded'] },
      });
      expect([created.statusCode, created.json().code]).toEqual([422, 'webhook_url_refused']);
      const ok = await app.app.inject({
        method: 'POST',
        url: '/api/backend/webhooks/endpoints',
        headers: token,
        payload: { url: 'https://8.8.8.8/hooks', event_types: ['payment.succeeded'] },
      });
      expect(ok.statusCode).toBe(201);
      const patched = await app.app.inject({
        method: 'PATCH',
        url: `/api/backend/webhooks/endpoints/${ok.json().data.endpoint.id}`,
        headers: token,
        payload: { url },
      });
      expect([patched.statusCode, patched.json().code]).toEqual([422, 'webhook_url_refused']);
    } finally {
      await app.close();
    }
  });

  it('lets WEBHOOK_ALLOWED_HOSTS name a host, and demo mode reach anything', async () => {
    expect(await addressPolicy(testConfig({ WEBHOOK_ALLOWED_HOSTS: 'localhost' })).check(new URL('http://localhost:9/x'))).toBeUndefined();
    expect(await addressPolicy({ mode: 'demo', webhookAllowedHosts: [] }).check(new URL('http://127.0.0.1/x'))).toBeUndefined();
  });
});

describe('at delivery', () => {
  it.each([
    ['an address literal', (port: number) => `http://127.0.0.1:${port}/hooks`],
    ['a name resolving to loopback (as after DNS rebinding)', (port: number) => `http://localhost:${port}/hooks`],
  ])('refuses %s that a process without the allowance would connect to', async (_case, url) => {
    await t.db.query(`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backend/webhooks/endpoints',
      headers: admin,
      payload: { url: url(receiver.port), event_types: ['payment.succeeded'] },
    });
    expect(created.statusCode).toBe(201);
    const endpointId = created.json().data.endpoint.id as string;
    // The same database and keys, but a worker whose configuration does not allow these hosts.
    const worker = startWebhookWorker(t.db, { ...t.config, webhookAllowedHosts: [] }, t.app.log);
    try {
      await payerClient(t.app, t.config).pay('4242424242424242');
      const [attempt] = await eventually(
        async () => {
          const log = (
            await t.app.inject({ method: 'GET', url: `/api/backend/webhooks/endpoints/${endpointId}/attempts`, headers: admin })
          ).json().data.data;
          return log.find((entry: { status: string }) => entry.status === 'failed') && log;
        },
        () => worker.runOnce(),
      );
      expect(attempt).toMatchObject({
        status: 'failed',
        response_status: null,
        response_body: expect.stringMatching(/^Refused: .* is not a public address$/),
      });
      expect(receiver.heard).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
