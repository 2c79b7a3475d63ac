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

/** IPv4 addresses no webhook may reach, and the public one that the embeddings below must not launder either. */
const insideIPv4 = ['127.0.0.1', '10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'];
/** The two 16-bit groups of an IPv4 address, in hex: `127.0.0.1` is `7f00:1`. */
const hexOf = (ipv4: string) => {
  const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
};
/** Teredo keeps the client's IPv4 with every bit inverted, in the last two groups. */
const invertedHexOf = (ipv4: string) =>
  hexOf(
    ipv4
      .split('.')
      .map((octet) => String(255 - Number(octet)))
      .join('.'),
  );
/** Every IPv6 form that carries an IPv4 address, dotted and in hex. */
const embeddings: readonly [string, (ipv4: string) => string][] = [
  ['IPv4-compatible, dotted', (v4) => `::${v4}`],
  ['IPv4-compatible, hex', (v4) => `::${hexOf(v4)}`],
  ['IPv4-compatible, written out', (v4) => `0:0:0:0:0:0:${hexOf(v4)}`],
  ['IPv4-mapped, hex', (v4) => `::ffff:${hexOf(v4)}`],
  ['IPv4-mapped, written out', (v4) => `0000:0000:0000:0000:0000:FFFF:${hexOf(v4).toUpperCase()}`],
  ['IPv4-translated (SIIT), dotted', (v4) => `::ffff:0:${v4}`],
  ['IPv4-translated (SIIT), hex', (v4) => `::ffff:0:${hexOf(v4)}`],
  ['NAT64 well-known prefix, dotted', (v4) => `64:ff9b::${v4}`],
  ['NAT64 well-known prefix, hex', (v4) => `64:ff9b::${hexOf(v4)}`],
  ['NAT64 local-use prefix', (v4) => `64:ff9b:1::${hexOf(v4)}`],
  ['6to4', (v4) => `2002:${hexOf(v4)}::1`],
  ['6to4, the host part repeating it', (v4) => `2002:${hexOf(v4)}:0:0:0:${v4}`],
  ['Teredo (client address inverted)', (v4) => `2001:0:4136:e378:8000:63bf:${invertedHexOf(v4)}`],
  ['Teredo (server address)', (v4) => `2001:0:${hexOf(v4)}:0:0:0:1`],
];

describe.each(embeddings)('an IPv4 address embedded in IPv6 (%s)', (_form, embed) => {
  it.each(insideIPv4)('is not public around %s', (ipv4) => {
    expect(isPublicAddress(embed(ipv4))).toBe(false);
  });
});

it.each(embeddings.filter(([form]) => !form.startsWith('IPv4-mapped')))(
  'an IPv4 address embedded as %s is not public even when the IPv4 address is',
  (_form, embed) => {
    expect(isPublicAddress(embed('8.8.8.8'))).toBe(false);
  },
);

it.each([
  ['documentation', '2001:db8::1'],
  ['documentation (2024)', '3fff::1'],
  ['IETF protocol assignments', '2001:1::1'],
  ['benchmarking', '2001:2::1'],
  ['AMT', '2001:3::1'],
  ['ORCHID', '2001:10::1'],
  ['ORCHIDv2', '2001:20::1'],
  ['drone remote ID', '2001:30::1'],
  ['discard-only', '100::1'],
  ['site-local (deprecated)', 'fec0::1'],
  ['segment routing', '5f00::1'],
  ['unassigned, outside 2000::/3', '4000::1'],
  ['unassigned, outside 2000::/3', '1::1'],
  ['link-local with a zone', 'fe80::1%eth0'],
])('IPv6 %s (%s) is not public: only global unicast is', (_range, address) => {
  expect(isPublicAddress(address)).toBe(false);
});

it.each(['2001:4860:4860::8888', '2a00:1450:4001:80b::200e', '2620:fe::fe', '2400:cb00:2048:1::c629:d7a2'])(
  'global unicast %s is public',
  (address) => {
    expect(isPublicAddress(address)).toBe(true);
  },
);

describe('at create and update', () => {
  const strict = () => addressPolicy(testConfig());
  /** The app as outside demo mode, without WEBHOOK_ALLOWED_HOSTS. */
  let strictApp: TestApp;
  let token: Record<string, string>;
  beforeAll(async () => {
    strictApp = await buildTestApp();
    token = bearer(await login(strictApp.app, 'admin@paydesk.test'));
  }, 60_000);
  afterAll(() => strictApp?.close());

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
    const { app } = strictApp;
    const created = await app.inject({
      method: 'POST',
      url: '/api/backend/webhooks/endpoints',
      headers: token,
      payload: { url, event_types: ['payment.succeeded'] },
    });
    expect([created.statusCode, created.json().code]).toEqual([422, 'webhook_url_refused']);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/backend/webhooks/endpoints',
      headers: token,
      payload: { url: 'https://8.8.8.8/hooks', event_types: ['payment.succeeded'] },
    });
    expect(ok.statusCode).toBe(201);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/backend/webhooks/endpoints/${ok.json().data.endpoint.id}`,
      headers: token,
      payload: { url },
    });
    expect([patched.statusCode, patched.json().code]).toEqual([422, 'webhook_url_refused']);
  });

  it.each([
    'http://[::127.0.0.1]/hooks',
    'http://[::7f00:1]/hooks',
    'http://[::ffff:7f00:1]/x',
    'http://[64:ff9b::a9fe:a9fe]/x',
    'http://[2002:a00:1::1]/x',
  ])('refuses %s, an IPv4 address inside IPv6, when the endpoint is saved and before a delivery connects', async (url) => {
    expect(await strict().check(new URL(url))).toEqual(expect.stringContaining('is not a public address'));
    expect(strict().refusesLiteral(new URL(url))).toBeDefined();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backend/webhooks/endpoints',
      headers: admin,
      payload: { url, event_types: ['payment.succeeded'] },
    });
    expect([created.statusCode, created.json().code]).toEqual([422, 'webhook_url_refused']);
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
