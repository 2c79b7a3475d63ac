import { ENDPOINT_URL_CREDENTIALS_MESSAGE } from '@paydesk/shared/schemas/webhooks';
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed-demo';
import { secretBox } from '../src/security/secret-box';
import { startWebhookWorker, type WebhookWorker } from '../src/webhooks/delivery-worker';
import { bearer, buildTestApp, captureLogs, login, openTestDb, TEST_PASSWORD, testConfig, type TestApp } from './helper';
import { eventually, startReceiver, type Receiver } from './webhook-receiver';

/**
 * HOOK-07: an endpoint URL never carries `user:password@`, and its query values reach neither the
 * endpoint list, the answers, the audit trail (nor its CSV) nor the database in the clear; the
 * deliveries still go to the whole URL, sealed at rest, and an edit keeps it unless a new URL is given.
 */
const TOKEN = 'tok_a1b2c3d4e5f6';
const OTHER = 'tok_z9y8x7w6v5u4';
let t: TestApp;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let receiver: Receiver;
let worker: WebhookWorker;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: '60000' });
  admin = bearer(await login(t.app, 'admin@paydesk.test'));
  superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
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
  await t.db.query(`update webhook_endpoints set deleted_at = now() where deleted_at is null`);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/backend/webhooks${url}`, headers: admin, ...(payload ? { payload } : {}) });

let events = 0;
/** An event the endpoint is subscribed to, delivered by the worker: the URL the receiver heard it at. */
async function deliveredTo(): Promise<string> {
  events += 1;
  const id = `evt_credentials${String(events).padStart(8, '0')}`;
  await t.db.query(`insert into webhook_events (id, type, object) values ($1, 'refund.created', '{}'::jsonb)`, [id]);
  const heard = await eventually(
    () => receiver.heard.find((h) => h.headers['paydesk-event-id'] === id),
    () => worker.runOnce(),
  );
  return heard.url;
}

/** Everything stored about endpoints and their changes, as text: the rows and the audit trail. */
async function storedText(): Promise<string> {
  const rows = await t.db.query(`select to_jsonb(e)::text as row from webhook_endpoints e`);
  const audit = await t.db.query(`select changes::text as changes from audit_log where target_type = 'webhook_endpoint'`);
  return JSON.stringify([rows, audit]);
}

async function auditCsv(): Promise<string> {
  const response = await t.app.inject({ url: '/api/backend/audit/export.csv', headers: superAdmin });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('credentials in the URL', () => {
  it.each([
    'https://user:pass@8.8.8.8/hooks',
    'https://user@8.8.8.8/hooks',
    'https://:pass@8.8.8.8/hooks',
    'https://us%65r:p%40ss@8.8.8.8/hooks?x=1',
  ])('%s is refused with 400 and the reason, at create and at edit, and nothing is stored', async (url) => {
    const created = await api('POST', '/endpoints', { url, event_types: ['refund.created'] });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      status: 'error',
      code: 'invalid_request',
      message: expect.stringContaining(ENDPOINT_URL_CREDENTIALS_MESSAGE),
    });

    const ok = await api('POST', '/endpoints', { url: receiver.url('/plain'), event_types: ['refund.created'] });
    expect(ok.statusCode).toBe(201);
    const patched = await api('PATCH', `/endpoints/${ok.json().data.endpoint.id}`, { url });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toContain(ENDPOINT_URL_CREDENTIALS_MESSAGE);
    expect(await storedText()).not.toMatch(/pass|p%40ss/);
  });
});

describe('query values', () => {
  const withToken = (token = TOKEN) => receiver.url(`/in?token=${token}&v=2`);

  it('are hidden in the answers, the list, the audit trail, its CSV and the database, and deliveries go to the whole URL', async () => {
    const created = await api('POST', '/endpoints', { url: withToken(), event_types: ['refund.created'], description: 'with a token' });
    expect(created.statusCode).toBe(201);
    const { endpoint } = created.json().data as { endpoint: { id: string; url: string } };
    const shown = receiver.url('/in?token=…redacted&v=…redacted');
    expect(endpoint.url).toBe(shown);
    const listed = (await api('GET', '/endpoints')).json().data as { id: string; url: string }[];
    expect(listed.find((e) => e.id === endpoint.id)?.url).toBe(shown);

    expect(await deliveredTo()).toBe(`/in?token=${TOKEN}&v=2`);

    // Deleting writes the URL to the trail once more.
    expect((await api('DELETE', `/endpoints/${endpoint.id}`)).statusCode).toBe(200);
    const entries = await t.db.query<{ action: string; changes: { url?: { from?: string; to?: string } } }>(
      `select action, changes from audit_log where target_id = $1 order by id`,
      [endpoint.id],
    );
    expect(entries.map((e) => [e.action, e.changes.url])).toEqual([
      ['webhook_endpoint.created', { to: shown }],
      ['webhook_endpoint.deleted', { from: shown }],
    ]);
    expect(await storedText()).not.toContain(TOKEN);
    const csv = await auditCsv();
    expect(csv).toContain('token=…redacted');
    expect(csv).not.toContain(TOKEN);
    expect(t.logs.written.join('')).not.toContain(TOKEN);
  });

  it('an edit that does not give a new URL, or sends the shown one back, keeps the hidden values', async () => {
    const { endpoint } = (await api('POST', '/endpoints', { url: withToken(), event_types: ['refund.created'] })).json().data;
    expect((await api('PATCH', `/endpoints/${endpoint.id}`, { description: 'renamed' })).statusCode).toBe(200);
    expect(await deliveredTo()).toBe(`/in?token=${TOKEN}&v=2`);

    // The edit dialog sends every field, the URL as it was shown.
    const edited = await api('PATCH', `/endpoints/${endpoint.id}`, {
      url: endpoint.url,
      description: 'renamed again',
      event_types: ['refund.created'],
      enabled: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.url).toBe(endpoint.url);
    expect(await deliveredTo()).toBe(`/in?token=${TOKEN}&v=2`);

    const [last] = await t.db.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where target_id = $1 order by id desc limit 1`,
      [endpoint.id],
    );
    expect(last!.changes).toEqual({ description: { from: 'renamed', to: 'renamed again' } });
  });

  it('a changed URL that still holds a hidden mark is refused, not stored with the mark', async () => {
    const { endpoint } = (await api('POST', '/endpoints', { url: withToken(), event_types: ['refund.created'] })).json().data;
    for (const url of [receiver.url('/elsewhere?token=…redacted&v=…redacted'), receiver.url('/in?token=%E2%80%A6redacted&v=3')]) {
      const patched = await api('PATCH', `/endpoints/${endpoint.id}`, { url });
      expect(patched.statusCode).toBe(400);
      expect(patched.json().message).toMatch(/type the values again/);
    }
    const copied = await api('POST', '/endpoints', { url: endpoint.url, event_types: ['refund.created'] });
    expect(copied.statusCode).toBe(400);
    expect(await deliveredTo()).toBe(`/in?token=${TOKEN}&v=2`);
  });

  it('a new value behind the same shown URL is delivered, and the trail says the URL changed', async () => {
    const { endpoint } = (await api('POST', '/endpoints', { url: withToken(), event_types: ['refund.created'] })).json().data;
    const patched = await api('PATCH', `/endpoints/${endpoint.id}`, { url: withToken(OTHER) });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.url).toBe(endpoint.url);
    expect(await deliveredTo()).toBe(`/in?token=${OTHER}&v=2`);
    const [last] = await t.db.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where target_id = $1 order by id desc limit 1`,
      [endpoint.id],
    );
    expect(last!.changes).toEqual({ url: { from: endpoint.url, to: endpoint.url } });
    expect(await storedText()).not.toMatch(new RegExp(`${TOKEN}|${OTHER}`));
  });

  it('a URL with nothing to hide is stored, shown and delivered as typed', async () => {
    const url = receiver.url('/plain/path');
    const { endpoint } = (await api('POST', '/endpoints', { url, event_types: ['refund.created'] })).json().data;
    expect(endpoint.url).toBe(url);
    const [row] = await t.db.query<{ url: string; url_sealed: string | null }>(
      `select url, url_sealed from webhook_endpoints where id = $1`,
      [endpoint.id],
    );
    expect(row).toEqual({ url, url_sealed: null });
    expect(await deliveredTo()).toBe('/plain/path');
  });
});

it('a URL saved before it was sealed is sealed when the server starts, and delivered whole', async () => {
  const testDb = await openTestDb();
  const config = testConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: '60000' });
  const box = secretBox(config.webhookSecretsKey);
  const id = 'we_legacy0000000000000000';
  const legacy = receiver.url(`/legacy?token=${TOKEN}`);
  const { logger } = captureLogs();
  await migrate(testDb.db);
  await seedDemo(testDb.db, { password: TEST_PASSWORD, transactions: 0 });
  // As a server before migration 029 wrote it.
  await testDb.db.query(`insert into webhook_endpoints (id, url, event_types, secret_sealed) values ($1, $2, $3, $4)`, [
    id,
    legacy,
    ['refund.created'],
    box.seal('whsec_legacy', id),
  ]);
  const app = await buildApp({ config, db: testDb.db, logger });
  const worker2 = startWebhookWorker(testDb.db, config, logger);
  try {
    await app.ready();
    const [row] = await testDb.db.query<{ url: string; url_sealed: string | null }>(
      `select url, url_sealed from webhook_endpoints where id = $1`,
      [id],
    );
    expect(row!.url).toBe(receiver.url('/legacy?token=…redacted'));
    expect(row!.url_sealed).toEqual(expect.stringMatching(/^v1\./));
    expect(JSON.stringify(row)).not.toContain(TOKEN);

    await testDb.db.query(
      `insert into webhook_events (id, type, object) values ('evt_legacy0000000000000', 'refund.created', '{}'::jsonb)`,
    );
    const heard = await eventually(
      () => receiver.heard.find((h) => h.headers['paydesk-event-id'] === 'evt_legacy0000000000000'),
      () => worker2.runOnce(),
    );
    expect(heard.url).toBe(`/legacy?token=${TOKEN}`);
  } finally {
    await worker2.stop();
    await app.close();
    await testDb.dispose();
  }
});
