import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';

/**
 * The pay form and the checkout widget are painted from the first response, before any script:
 * the form's heading, fields and button, the widget's amount, customer and Pay, in the payer's
 * colour scheme, with a line for a browser without JavaScript. When the page takes over, what the
 * payer typed, the field they were in and a Pay they pressed are kept, and nothing moves.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const firstView = (page: Page) => page.locator('[data-first-view]');
/** Each colour scheme, with the page's background in it. */
const schemes = [
  ['light', 'rgb(245, 246, 250)'],
  ['dark', 'rgb(18, 20, 28)'],
] as const;

test.each(schemes)('without JavaScript, the form and what it needs, in the %s scheme', async (colorScheme, background) => {
  const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, colorScheme });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Amount'])
    await expect(page.getByLabel(label).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Pay $0.00' }).isVisible()).resolves.toBe(true);
  // Playwright's text queries pass over <noscript>, even where the browser shows it.
  await expect(page.locator('noscript p', { hasText: 'Paydesk needs JavaScript to take a card payment.' }).isVisible()).resolves.toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  // Pressed without scripts, Pay submits nothing: no address with the payer's details in it.
  await page.getByRole('button', { name: 'Pay $0.00' }).click();
  expect(page.url()).toBe(`${baseUrl()}/`);
  await context.close();
});

test('a first response that arrives in two pieces is painted whole: nothing moves as the rest arrives', async () => {
  // The product's page for /, sent by a stand-in server as a slow network would: half of the form,
  // a pause in which the browser would paint what it has, then the rest. Nothing else is served.
  const page = await (await fetch(`${baseUrl()}/`, { headers: { 'accept-encoding': 'identity' } })).text();
  const half = page.indexOf('data-field="email"');
  expect(half).toBeGreaterThan(0);
  const server = createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(page.slice(0, half));
    setTimeout(() => response.end(page.slice(half)), 500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 390, height: 740 } });
  try {
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.getByRole('button', { name: 'Pay $0.00' }).waitFor();
    const shifted = await tab.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
    expect(shifted).toBe(0);
  } finally {
    await context.close();
    server.closeAllConnections();
    server.close();
  }
});

/** A merchant's checkout, created as the merchant's server does; its widget's address. */
async function newWidget(amount: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/checkout`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_demo_paydesk', 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount }),
  });
  const { data } = (await response.json()) as { data: { reference: string } };
  return `/checkout/${data.reference}`;
}

test.each(schemes)("without JavaScript, the widget's checkout in the %s scheme", async (colorScheme, background) => {
  const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, colorScheme });
  const page = await context.newPage();
  await page.goto(await newWidget(31.5));
  await page.getByRole('heading', { name: 'Secure Payment' }).waitFor();
  await expect(page.getByTestId('checkout-amount').textContent()).resolves.toBe('$31.50');
  await expect(page.getByText('Ada Lovelace').isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Pay', exact: true }).isVisible()).resolves.toBe(true);
  await expect(page.locator('noscript p', { hasText: 'Paydesk needs JavaScript to take a card payment.' }).isVisible()).resolves.toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  await context.close();
});

/** The page with the payment remote's scripts held back until `release` is called. */
async function withPageHeldBack(path = '/'): Promise<{ page: Page; release: () => void }> {
  const page = await newPage(browser);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/mf-payments\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { shifted: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) (window as unknown as { shifted: number }).shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await firstView(page).waitFor();
  return { page, release };
}

test('typed before the page took over: kept, in the field the payer was in, with no layout shift', async () => {
  const { page, release } = await withPageHeldBack();
  await firstView(page).getByLabel('First Name').fill('Ada');
  await firstView(page).getByLabel('Amount').click();
  await page.keyboard.type('12.5');
  release();
  await firstView(page).waitFor({ state: 'detached' });
  await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Ada');
  await page.keyboard.type('0');
  await expect(page.getByLabel('Amount').inputValue()).resolves.toBe('12.50');
  await page.getByRole('button', { name: 'Pay $12.50' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  await closePage(page);
});

test('Pay pressed before the page took over opens the card dialog once it has', async () => {
  const { page, release } = await withPageHeldBack();
  const values = { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Phone: '5550100', Amount: '25' };
  for (const [label, value] of Object.entries(values)) await firstView(page).getByLabel(label).fill(value);
  await firstView(page).getByRole('button', { name: /^Pay/ }).click();
  release();
  await page.getByRole('dialog', { name: 'Card Payment' }).waitFor();
  await closePage(page);
});

test("the widget's Pay pressed before the page took over opens the card dialog, with no round trip and no shift", async () => {
  const { page, release } = await withPageHeldBack(await newWidget(12));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await firstView(page).getByRole('button', { name: 'Pay', exact: true }).click();
  release();
  const dialog = page.getByRole('dialog', { name: 'Card Payment' });
  await dialog.waitFor();
  await expect(page.getByTestId('checkout-amount').textContent()).resolves.toBe('$12.00');
  expect(asked.filter((path) => path.startsWith('/api/checkout/validate') || path === '/api/public/config')).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  await closePage(page);
});
