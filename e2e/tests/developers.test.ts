// The Developers area against the back-office webhooks calls (DEV-01 to DEV-09, HOOK-01 to HOOK-06).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { openWidget } from '../support/merchant';
import { adminToken, openCardDialog, payInDialog, shownTransactionId } from '../support/payer';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openDevelopers(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await openSignedIn(page, 'admin', '/control/developers');
  await page.getByRole('heading', { name: 'Developers' }).waitFor();
  return page;
}

test('every Developers page ends with one version stamp, at the foot of the page, and no "Signed in as" line', async () => {
  const page = await openDevelopers();
  for (const tab of ['Webhooks', 'Events', 'API keys', 'Request log']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const stamp = page.getByTestId('build-mf-developers');
    expect(await stamp.count()).toBe(1);
    // The stamp's bottom is the page's, less the main area's 24 px padding: a short page and a long one end with it.
    const { bottom, height } = await stamp.evaluate((element) => ({
      bottom: element.getBoundingClientRect().bottom + window.scrollY,
      height: document.documentElement.scrollHeight,
    }));
    expect(Math.abs(height - 24 - bottom)).toBeLessThanOrEqual(1);
    expect(await page.getByText(/Signed in as/).count()).toBe(0);
  }
  await closePage(page);
});

async function addEndpoint(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await dialog.getByRole('checkbox', { name: 'Payment', exact: true }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
}

test('on a phone: add an endpoint, see its secret once, roll it with a grace, delete it', async () => {
  const page = await openDevelopers({ width: 390, height: 844 });
  const url = `https://hooks.example.com/paydesk/${Date.now()}`;
  await addEndpoint(page, url);
  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  await shown.getByText('it will not be shown again').waitFor();
  const secret = await shown.getByTestId('signing-secret').innerText();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: url }).click();
  await page.waitForURL('**/control/developers/webhooks/*');
  expect(await page.getByText(secret).count()).toBe(0);

  await page.getByRole('button', { name: 'Roll secret' }).click();
  const roll = page.getByRole('dialog', { name: 'Roll secret' });
  await chooseOption(roll.getByRole('combobox', { name: 'Old secret expires' }), '1 hour');
  await roll.getByRole('button', { name: 'Roll secret' }).click();
  const rolled = page.getByRole('dialog', { name: 'Signing secret' });
  await rolled.getByText(/^The previous secret also signs until/).waitFor();
  expect(await rolled.getByTestId('signing-secret').innerText()).not.toBe(secret);
  await rolled.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete endpoint?' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL('**/control/developers');
  await page.getByRole('heading', { name: 'Developers' }).waitFor();
  // The list refetches after the deletion: the endpoint leaves it.
  await page.getByRole('link', { name: url }).waitFor({ state: 'detached' });
  await closePage(page);
});

/** Waits until `count()` reaches `expected` (checked every 100 ms), or fails after `ms`. */
async function countReaches(count: () => number, expected: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (count() < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(count()).toBe(expected);
}

/** A merchant's receiver on this machine: every delivery's body and signature header, as it came. */
function startReceiver(): Promise<{ url: string; heard: { body: string; signature: string }[]; server: Server }> {
  const heard: { body: string; signature: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      heard.push({ body, signature: String(request.headers['paydesk-signature'] ?? '') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, heard, server })),
  );
}

test('a payment reaches a new endpoint, signed; the delivery is in its log; Resend sends it again', async () => {
  const receiver = await startReceiver();
  const page = await openDevelopers();
  await addEndpoint(page, receiver.url);
  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  expect(await shown.getByTestId('signing-secret').innerText()).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();

  const payer = await newPage(browser);
  await payInDialog(await openCardDialog(payer), '4242424242424242');
  await payer.waitForURL('**/payment-success**');
  const transactionId = await shownTransactionId(payer);
  await closePage(payer);

  const ofPayment = () => receiver.heard.filter((h) => h.body.includes(transactionId));
  await countReaches(() => ofPayment().length, 1);
  const [delivered] = ofPayment();
  expect(JSON.parse(delivered!.body)).toMatchObject({
    type: 'payment.succeeded',
    data: { object: { id: transactionId, status: 'completed' } },
  });
  expect(delivered!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

  await page.getByRole('link', { name: receiver.url }).click();
  const log = page.getByRole('table', { name: 'Delivery attempts' });
  // Other tests' payments reach this endpoint too: the row is the one of this payment's event.
  const eventId = (JSON.parse(delivered!.body) as { id: string }).id;
  const row = log.getByRole('row').filter({ hasText: eventId }).first();
  await row.filter({ hasText: '200' }).waitFor();
  await row.getByRole('button', { name: 'Resend' }).click();
  await page.getByText('Event Resent').waitFor();
  // The delivery worker may still be busy with other tests' endpoints on a loaded machine.
  await countReaches(() => ofPayment().length, 2, 30_000);
  expect(ofPayment()[1]!.body).toBe(delivered!.body);
  await closePage(page);
  receiver.server.close();
});

/** The webhook event of `type` whose object's `field` is `value` (other tests' events share the server), read as an admin. */
async function eventAbout(type: string, field: string, value: string): Promise<{ id: string; data: { object: Record<string, unknown> } }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = await fetch(`${baseUrl()}/api/backend/webhooks/events?type=${type}&limit=100`, {
      headers: { authorization: `Bearer ${await adminToken(baseUrl())}` },
    });
    const events = ((await list.json()) as { data: { data: { id: string; data: { object: Record<string, unknown> } }[] } }).data.data;
    const found = events.find((event) => event.data.object[field] === value);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} event whose ${field} is ${value}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('the demo merchant page hears a verified webhook of its checkout', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const reference = new URL(popup.url()).pathname.split('/').pop()!;
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await payInDialog(popup.getByRole('dialog', { name: 'Card Payment' }), '4242424242424242');
  const completed = await eventAbout('checkout.completed', 'reference', reference);
  const paid = await eventAbout('payment.succeeded', 'id', String(completed.data.object.transaction_id));
  const heard = (id: string) => merchant.getByRole('list', { name: 'Webhooks received' }).locator(`li[data-event-id="${id}"]`);
  await heard(completed.id)
    .filter({ hasText: 'checkout.completed' })
    .filter({ hasText: 'signature verified' })
    .waitFor({ timeout: 15_000 });
  await heard(paid.id).filter({ hasText: 'payment.succeeded' }).filter({ hasText: 'signature verified' }).waitFor();
  await closePage(merchant);
});

test('a viewer has no Developers entry, and the address shows Access denied', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'viewer', '/control/dashboard');
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).count()).toBe(0);
  await page.goto('/control/developers/events');
  await page.getByText('Access denied').waitFor();
  await closePage(page);
});
