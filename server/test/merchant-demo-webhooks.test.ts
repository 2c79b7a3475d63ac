import type { AddressInfo } from 'node:net';
import { seedDemoWebhookEndpoint } from '../src/payments/merchant-demo-webhooks';
import { startWebhookWorker } from '../src/webhooks/delivery-worker';
import { secretBox } from '../src/security/secret-box';
import { signatureHeader } from '../src/webhooks/signature';
import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { eventually } from './webhook-receiver';

/** Demo mode: the demo merchant's server receives the webhooks, checks them with the README's snippet and lists them. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', WEBHOOK_POLL_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  await seedDemoWebhookEndpoint(t.db, `http://127.0.0.1:${port}`, secretBox(t.config.webhookSecretsKey));
}, 60_000);
afterAll(() => t?.close());

type Listed = { id: string; type: string; verified: boolean; received_at: string };
const listed = async (): Promise<Listed[]> => (await t.app.inject({ method: 'GET', url: '/demo/merchant/webhooks' })).json().data;

it("hears a payment's event with a verified signature and lists it, newest first", async () => {
  const worker = startWebhookWorker(t.db, t.config, t.app.log);
  try {
    const { ids } = await payerClient(t.app, t.config).pay('4242424242424242');
    const [event] = await t.db.query<{ id: string }>(`select id from webhook_events where object->>'id' = $1`, [ids.transactionId]);
    const [heard] = await eventually(
      async () => (await listed()).filter((entry) => entry.id === event!.id),
      () => worker.runOnce(),
    );
    expect(heard).toEqual({ id: event!.id, type: 'payment.succeeded', verified: true, received_at: expect.any(String) });
  } finally {
    await worker.stop();
  }
});

it('lists a delivery whose signature does not verify as such, and answers it 400', async () => {
  const body = JSON.stringify({ id: 'evt_forged000000000000', type: 'payment.succeeded', created: 1, data: { object: {} } });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/demo/merchant/webhooks',
    payload: body,
    headers: { 'content-type': 'application/json', 'paydesk-signature': signatureHeader(body, ['whsec_not_the_secret']) },
  });
  expect(answer.statusCode).toBe(400);
  expect((await listed())[0]).toMatchObject({ id: 'evt_forged000000000000', verified: false });
});

it.each(['null', '[]', '"text"', '{"id":{"nested":true},"type":7}', 'not json'])(
  'answers an unsigned body %s with 400 and lists it without an id',
  async (body) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/demo/merchant/webhooks',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(400);
    expect((await listed())[0]).toMatchObject({ id: '', type: '', verified: false });
  },
);

it("the page shows the list beside the widget's messages", async () => {
  const page = await t.app.inject({ method: 'GET', url: '/demo/merchant' });
  expect(page.body).toContain('id="webhooks"');
  expect((await t.app.inject({ method: 'GET', url: '/demo/merchant/merchant.js' })).body).toContain("fetch('/demo/merchant/webhooks')");
});
