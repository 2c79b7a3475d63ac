import { buildTestApp, type TestApp } from './helper';

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYDESK_MODE: 'demo' });
  });
  afterAll(() => t.close());

  test('the page and its script are served, and neither carries the secret key', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo/merchant' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script
    const script = await t.app.inject({ method: 'GET', url: '/demo/merchant/merchant.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('PAYMENT_CANCELLED'); // the bundled widgetMessage schema
    for (const body of [page.body, script.body]) expect(body).not.toContain(t.config.secretKey);
  });

  test('the merchant server creates the checkout with a callback to the demo page', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/demo/merchant/checkout', payload: { amount: 12.5 } });
    expect(answer.statusCode).toBe(201);
    const { reference, checkout_url } = (answer.json() as { data: { reference: string; checkout_url: string } }).data;
    expect(checkout_url).toBe(`${t.config.publicUrl}/checkout/${reference}`);
    const rows = await t.db.query<{ amount_cents: number; callback_url: string }>(
      'select amount_cents, callback_url from checkouts where reference = $1',
      [reference],
    );
    expect(rows[0]).toEqual({ amount_cents: 1250, callback_url: `${t.config.publicUrl}/demo/merchant?done=1` });
  });

  test('an amount that is not positive is refused', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/demo/merchant/checkout', payload: { amount: 0 } });
    expect(answer.statusCode).toBe(400);
  });
});

test('outside demo mode there is no merchant demo', async () => {
  const t = await buildTestApp();
  try {
    expect((await t.app.inject({ method: 'POST', url: '/demo/merchant/checkout', payload: { amount: 5 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/demo/merchant/merchant.js' })).statusCode).toBe(404);
  } finally {
    await t.close();
  }
});
