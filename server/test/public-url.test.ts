import type { FastifyInstance, InjectOptions } from 'fastify';
import { challengePage, errorPage, resultPage } from '../src/payments/acs-pages';
import { challengeForm } from '../src/payments/transaction-result';
import { checkoutBody } from './checkout-fixtures';
import { bearer, buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

const PUBLIC_URL = 'https://pay.example.test';
/** What an attacker puts in Host (and its proxy variants) to steer links and the 3-D Secure origin. */
const forged = { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** The app as a client that forges Host on every call sees it. */
const forging = (app: FastifyInstance): FastifyInstance =>
  ({
    inject: (options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, ...forged } }),
  }) as unknown as FastifyInstance;

describe.each(['production', 'demo'] as const)('in %s mode, public addresses come from PUBLIC_URL, never from Host', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL, PAYDESK_MODE: mode });
  });
  afterAll(() => t.close());
  const app = () => forging(t.app);

  test('checkout_url of POST /api/checkout', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(t.config.secretKey),
      payload: checkoutBody,
    });
    expect(response.statusCode).toBe(201);
    const { reference, checkout_url } = (response.json() as { data: { reference: string; checkout_url: string } }).data;
    expect(checkout_url).toBe(`${PUBLIC_URL}/checkout/${reference}`);
  });

  test('challengeOrigin of the payer configuration', async () => {
    const response = await app().inject({ url: '/api/public/config' });
    expect((response.json() as { data: { challengeOrigin: string } }).data.challengeOrigin).toBe(PUBLIC_URL);
  });

  test('the 3-D Secure form of a payment, and of its requery', async () => {
    const payer = payerClient(app(), t.config);
    const { result, ids } = await payer.pay('4000000000003220');
    const form = `<form method="post" action="${PUBLIC_URL}/api/sandbox/acs/challenge"><input type="hidden" name="transaction_id" value="${ids.transactionId}"></form>`;
    expect(result?.response_content.redirectHtml).toBe(form);
    expect((await payer.requery(ids.transactionId)).data.response_content.redirectHtml).toBe(form);
  });

  test('the challenge page: its return origin without a Referer, and nothing of the Host anywhere', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/sandbox/acs/challenge',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'transaction_id=TXN0123456789AB',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`name="return_origin" value="${PUBLIC_URL}"`);
    expect(response.body).not.toContain('evil.example');
  });

  if (mode === 'demo') {
    test('the merchant demo checkout: its link and the callback the widget answers to', async () => {
      const response = await app().inject({ method: 'POST', url: '/demo/merchant/checkout', payload: { amount: 12.5 } });
      expect(response.statusCode).toBe(201);
      const { reference, checkout_url } = (response.json() as { data: { reference: string; checkout_url: string } }).data;
      expect(checkout_url).toBe(`${PUBLIC_URL}/checkout/${reference}`);
      const rows = await t.db.query<{ callback_url: string }>('select callback_url from checkouts where reference = $1', [reference]);
      expect(rows).toEqual([{ callback_url: `${PUBLIC_URL}/demo/merchant?done=1` }]);
    });
  }
});

describe('values put into the 3-D Secure HTML are escaped', () => {
  const hostile = `TXN"><script>alert(1)</script>`;
  const origin = `https://a.example" onmouseover="alert(1)`;

  test.each([
    ['the challenge form', challengeForm(origin, hostile)],
    ['the challenge page', challengePage(hostile, origin)],
    ['the result page', resultPage(hostile, origin, true)],
    ['the error page', errorPage('<img src=x onerror=alert(1)>')],
  ])('%s', (_name, html) => {
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('" onmouseover');
    expect(html).not.toContain('<img');
    expect(html).toMatch(/&quot;&gt;&lt;script&gt;|&lt;img/);
  });
});
