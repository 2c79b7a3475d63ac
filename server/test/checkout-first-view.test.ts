import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_ANSWERS_ID } from '@paydesk/shared/first-view-slots';
import { open } from '@paydesk/shared/crypto/envelope';
import { fakeFrontends, payForm } from './first-view-fixtures';
import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

/** The widget as mf-payments' build paints it: stand-ins where one checkout's values go. */
const widget = {
  html: '<main><h1>Secure Payment</h1><p>{{amount}}</p><span>{{first_name}} {{last_name}}</span><span>{{email}}</span><button type="button">Pay</button></main>',
  head: '<style data-emotion="css w">.css-w{color:blue}</style>',
  fill: 'checkout',
};

let t: TestApp;
let frontends: string;
beforeAll(async () => {
  frontends = fakeFrontends({ pages: { './PayFormPage': payForm, './CheckoutPage': widget } });
  t = await buildTestApp({ FRONTENDS_DIR: frontends });
});
afterAll(async () => {
  await t.close();
  rmSync(frontends, { recursive: true, force: true });
});

const page = (path: string, encoding = 'identity') => t.app.inject({ url: path, headers: { 'accept-encoding': encoding } });

/** The answers a page carries, read as the browser reads the element: up to the first `</script>`. */
function answersIn(html: string): Record<string, { data: unknown }> {
  const start = html.indexOf(`<script type="application/json" id="${PAGE_ANSWERS_ID}">`);
  expect(start).toBeGreaterThan(-1);
  const body = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start));
  return JSON.parse(body) as Record<string, { data: unknown }>;
}

test("a payable checkout's widget comes painted with its amount and customer, and the answers its first render needs", async () => {
  const payer = payerClient(t.app, t.config);
  const reference = await payer.newCheckout(1234.5);
  const response = await page(`/checkout/${reference}`);
  expect(response.statusCode).toBe(200);
  // One payer's details: kept by no cache.
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.body).toContain(
    '<div data-first-view><main><h1>Secure Payment</h1><p>$1,234.50</p><span>Ada Lovelace</span><span>ada@example.com</span>',
  );
  expect(response.body).not.toContain('{{');

  const answers = answersIn(response.body);
  const config = await t.app.inject({ url: '/api/public/config' });
  expect(answers['/public/config']).toEqual(config.json());
  const validation = await t.app.inject({ url: `/api/checkout/validate/${reference}`, headers: payer.headers });
  const inPage = answers[`/checkout/validate/${reference}`];
  expect(inPage).toMatchObject({ status: 'success', message: 'Valid reference' });
  expect(open(String(inPage?.data), payer.keys)).toEqual(open((validation.json() as { data: string }).data, payer.keys));
});

test.each([
  ['br', (body: Buffer) => brotliDecompressSync(body).toString()],
  ['gzip', (body: Buffer) => gunzipSync(body).toString()],
])('composed for each request, it comes in %s', async (encoding, decode) => {
  const reference = await payerClient(t.app, t.config).newCheckout(20);
  const response = await page(`/checkout/${reference}`, encoding);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(decode(response.rawPayload)).toContain('<p>$20.00</p>');
});

test('names built to hurt are text in the markup, and cannot close the answers early', async () => {
  const reference = await payerClient(t.app, t.config).newCheckout(20);
  await t.db.query('update checkouts set first_name = $2, last_name = $3, email = $4 where reference = $1', [
    reference,
    '</script><img src=x onerror=alert(1)>',
    `"'&{{amount}}`,
    '<b>@example.com',
  ]);
  const { body, statusCode } = await page(`/checkout/${reference}`);
  expect(statusCode).toBe(200);
  expect(body).toContain('<span>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &quot;&#x27;&amp;{{amount}}</span>');
  expect(body).toContain('<span>&lt;b&gt;@example.com</span>');
  expect(body).not.toContain('<img');
  expect(body).not.toContain('<b>');
  expect(Object.keys(answersIn(body))).toHaveLength(2);
});

describe('any other widget address gets the page unpainted', () => {
  test.each([
    ['completed', "update checkouts set status = 'completed' where reference = $1"],
    ['failed', "update checkouts set status = 'failed' where reference = $1"],
  ])('a checkout %s', async (_what, sql) => {
    const reference = await payerClient(t.app, t.config).newCheckout(20);
    await t.db.query(sql, [reference]);
    const response = await page(`/checkout/${reference}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain(PAGE_ANSWERS_ID);
  });

  test.each(['/checkout/chk_UNKNOWN', `/checkout/${'x'.repeat(65)}`, '/checkout/%E0%A4%A', '/checkout/a%2Fb', '/checkout/'])(
    '%s',
    async (path) => {
      const response = await page(path);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('data-first-view');
    },
  );

  test('a database that cannot read checkouts costs the page its first view, never the page', async () => {
    const reference = await payerClient(t.app, t.config).newCheckout(20);
    await t.db.query('alter table checkouts rename to checkouts_gone');
    try {
      const response = await page(`/checkout/${reference}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await t.db.query('alter table checkouts_gone rename to checkouts');
    }
  });
});
