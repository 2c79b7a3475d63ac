// Disputes end to end (DSP-02, DSP-04, DSP-08, DSP-09, DSP-12, DSP-14, DSP-15): a payer pays with a
// sandbox dispute card, the issuer disputes it, staff answer in the Disputes area, the issuer
// decides, and a merchant's receiver hears each change, signed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { verifyWebhook } from '../../server/src/webhooks/verify-webhook';
import { openSignedIn } from '../support/accounts';
import { baseUrl, closePage, fitsTheWidth, launchBrowser, newPage } from '../support/browser';
import { tabTo } from '../support/keyboard';
import { adminToken, openCardDialog, payInDialog, shownTransactionId } from '../support/payer';

const DISPUTE_CARD = '4000000000000259';
const INQUIRY_CARD = '4000000000001976';

interface Heard {
  body: string;
  signature: string;
}

/** A merchant's receiver on this machine: every delivery's raw body and signature header, as it came. */
function startReceiver(): Promise<{ url: string; heard: Heard[]; server: Server }> {
  const heard: Heard[] = [];
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

/** A back-office call as an admin, from the test (the server's embedded database is its own process's). */
async function asAdmin<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await adminToken(baseUrl())}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
}

/** Polls `read` every 200 ms until it gives a value `done` takes, or fails after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Dispute {
  id: string;
  status: string;
}

/** The dispute the issuer opens on a payment once the job runs (DISPUTE_OPEN_SECONDS is 0 on the e2e server). */
const disputeOf = async (transactionId: string): Promise<Dispute> =>
  (
    await until(
      () => asAdmin<{ data: Dispute[] }>(`/api/backend/disputes?transaction_id=${transactionId}`),
      (page) => page.data.length === 1,
      `the dispute of ${transactionId}`,
    )
  ).data[0]!;

const statusOf = (id: string, status: string) =>
  until(
    () => asAdmin<Dispute>(`/api/backend/disputes/${id}`),
    (d) => d.status === status,
    `${id} ${status}`,
  );

/** The movements of the available balance a dispute made: type and net, oldest first. */
const movementsOf = async (id: string): Promise<string[]> =>
  (await asAdmin<{ type: string; net: string }[]>(`/api/backend/balance-transactions?source=${id}`))
    .reverse()
    .map((m) => `${m.type} ${m.net}`);

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpoint: { id: string; secret: string };
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  const created = await asAdmin<{ endpoint: { id: string }; secret: string }>('/api/backend/webhooks/endpoints', {
    method: 'POST',
    body: JSON.stringify({
      url: receiver.url,
      event_types: ['dispute.created', 'dispute.updated', 'dispute.closed', 'dispute.funds_withdrawn', 'dispute.funds_reinstated'],
    }),
  });
  endpoint = { id: created.endpoint.id, secret: created.secret };
});
afterAll(async () => {
  // Other files' disputes would keep reaching a receiver that is gone.
  await asAdmin(`/api/backend/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE' }).catch(() => undefined);
  receiver.server.close();
  await browser.close();
});

/** The events the receiver heard about one dispute, each checked with the README's snippet: `type status`, in order. */
async function heardAbout(disputeId: string, count: number): Promise<string[]> {
  const about = () => receiver.heard.filter((h) => h.body.includes(disputeId));
  await until(
    async () => about().length,
    (n) => n >= count,
    `${count} webhooks of ${disputeId}`,
    60_000,
  );
  for (const { body, signature } of about())
    expect([verifyWebhook(body, signature, endpoint.secret), signature]).toEqual([true, signature]);
  // Delivery is at least once and in no set order: each event once, by the change it tells of (the
  // dispute's updated_at), then by its place in that change (the status before the money).
  const events = new Map<string, { type: string; object: { status: string; updated_at: string } }>();
  for (const { body } of about()) {
    const event = JSON.parse(body) as { id: string; type: string; data: { object: { status: string; updated_at: string } } };
    events.set(event.id, { type: event.type, object: event.data.object });
  }
  const place = ['dispute.created', 'dispute.updated', 'dispute.closed', 'dispute.funds_withdrawn', 'dispute.funds_reinstated'];
  return [...events.values()]
    .sort((a, b) => a.object.updated_at.localeCompare(b.object.updated_at) || place.indexOf(a.type) - place.indexOf(b.type))
    .map((event) => `${event.type} ${event.object.status}`);
}

/** Pays `amount` with `card` on the payer page, in Chromium; the payment's transaction id. */
async function pay(card: string, amount: string): Promise<string> {
  const payer = await newPage(browser);
  await payInDialog(await openCardDialog(payer, amount, `$${amount}`), card);
  await payer.waitForURL('**/payment-success**');
  const transactionId = await shownTransactionId(payer);
  await closePage(payer);
  return transactionId;
}

async function toast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

async function submitEvidence(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit evidence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit the evidence?' });
  await dialog.getByRole('button', { name: 'Submit evidence' }).click();
  await toast(page, 'Evidence submitted');
}

const timeline = (page: Page) => page.getByTestId('timeline').getByTestId('timeline-label').allTextContents();

test('a disputed payment is answered in the back office and won: its amount comes back less the fee, and every change is heard, signed', async () => {
  const transactionId = await pay(DISPUTE_CARD, '42.50');
  const dispute = await disputeOf(transactionId);
  expect(dispute.status).toBe('needs_response');

  const page = await newPage(browser);
  await openSignedIn(page, 'admin', '/control/disputes?status=needs_response');
  const row = page.getByTestId('dispute-row').filter({ hasText: transactionId });
  await row.getByText('Needs response').waitFor();
  expect(await row.getByTestId('time-left').innerText()).toMatch(/left/);
  await row.getByRole('link', { name: '$42.50' }).click();
  await page.waitForURL(`**/control/disputes/${dispute.id}`);

  await page.getByRole('textbox', { name: 'Product or service description' }).fill('A lamp, delivered on 2 March');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Evidence saved');
  await page.getByLabel('Receipt: PDF, PNG or JPEG, at most 5 MB').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  });
  await page.getByTestId('file-Receipt').getByTestId('file-name').filter({ hasText: 'receipt.pdf' }).waitFor();
  await page.getByRole('textbox', { name: 'Additional information' }).fill('winning_evidence');
  await submitEvidence(page);

  await statusOf(dispute.id, 'won');
  await page.reload();
  await page.getByRole('region', { name: 'Dispute' }).getByText('Won', { exact: true }).waitFor();
  // The timeline is a request of its own, which may answer after the dispute's.
  await page.getByTestId('timeline').getByText('$42.50 given back to the balance (the fee is kept)').waitFor();
  expect(await timeline(page)).toEqual([
    'Dispute opened',
    '$42.50 and the $15.00 fee taken from the balance',
    'Evidence saved',
    'Evidence submitted',
    'Won: the issuer decided for you',
    '$42.50 given back to the balance (the fee is kept)',
  ]);
  // The evidence now reads only; its file comes back as an attachment under its name.
  expect(await page.getByRole('button', { name: 'Submit evidence' }).count()).toBe(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Receipt' }).click()]);
  expect(download.suggestedFilename()).toBe('receipt.pdf');

  expect(await movementsOf(dispute.id)).toEqual(['dispute -42.50', 'dispute_fee -15.00', 'dispute_reversal 42.50']);
  expect(await heardAbout(dispute.id, 6)).toEqual([
    'dispute.created needs_response',
    'dispute.funds_withdrawn needs_response',
    'dispute.updated needs_response',
    'dispute.updated under_review',
    'dispute.closed won',
    'dispute.funds_reinstated won',
  ]);

  // The payment is paid again, and its details lead back to the dispute.
  await page.getByRole('region', { name: 'Dispute' }).getByRole('link', { name: transactionId }).click();
  await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
  await page.getByRole('region', { name: 'Payment Information' }).getByTestId('status-badge').getByText('Success').waitFor();
  await page.getByRole('link', { name: 'View dispute' }).click();
  await page.waitForURL(`**/control/disputes/${dispute.id}`);
  await closePage(page);
}, 120_000);

test('at phone width, by keyboard: a draft saved, a file uploaded, submitted and lost; the amount and the fee stay taken', async () => {
  const transactionId = await pay(DISPUTE_CARD, '21.00');
  const dispute = await disputeOf(transactionId);
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await openSignedIn(page, 'admin', '/control/disputes?status=needs_response');
  const card = page.getByTestId('dispute-row').filter({ hasText: transactionId });
  await card.getByText('Needs response').waitFor();
  expect(await fitsTheWidth(page)).toBe(true);
  await card.getByRole('link', { name: '$21.00' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/control/disputes/${dispute.id}`);
  await page.getByRole('textbox', { name: 'Product or service description' }).waitFor();
  expect(await fitsTheWidth(page)).toBe(true);

  await tabTo(page, ({ label }) => label === 'Product or service description');
  await page.keyboard.type('A lamp, never delivered');
  await tabTo(page, ({ text }) => text === 'Save');
  await page.keyboard.press('Enter');
  await toast(page, 'Evidence saved');
  // The Receipt's Upload opens the file chooser from the keyboard too. Waiting starts before the
  // Tab presses: Playwright turns on its catching of file choosers only when someone waits, and an
  // Enter sent in the same breath can open the chooser before that, which headless Chromium cancels.
  const chooserOpened = page.waitForEvent('filechooser');
  await tabTo(page, ({ group, text }) => group === 'file-Receipt' && text === 'Upload');
  await page.keyboard.press('Enter');
  const chooser = await chooserOpened;
  await chooser.setFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  });
  await page.getByTestId('file-Receipt').getByTestId('file-name').filter({ hasText: 'receipt.pdf' }).waitFor();
  await tabTo(page, ({ label }) => label === 'Additional information');
  await page.keyboard.type('losing_evidence');
  await tabTo(page, ({ text }) => text === 'Submit evidence');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Submit the evidence?' });
  await confirm.waitFor();
  await tabTo(page, ({ text }) => text === 'Submit evidence');
  await page.keyboard.press('Enter');
  await toast(page, 'Evidence submitted');

  await statusOf(dispute.id, 'lost');
  await page.reload();
  await page.getByTestId('timeline').getByText('Lost: the issuer decided against you').waitFor();
  expect(await fitsTheWidth(page)).toBe(true);
  expect(await movementsOf(dispute.id)).toEqual(['dispute -21.00', 'dispute_fee -15.00']);
  expect(await heardAbout(dispute.id, 5)).toEqual([
    'dispute.created needs_response',
    'dispute.funds_withdrawn needs_response',
    'dispute.updated needs_response',
    'dispute.updated under_review',
    'dispute.closed lost',
  ]);
  await closePage(page);
}, 120_000);

test('an inquiry (4000000000001976) is accepted and closes: no money moves, the payment is paid again', async () => {
  const transactionId = await pay(INQUIRY_CARD, '15.00');
  const inquiry = await disputeOf(transactionId);
  expect(inquiry.status).toBe('warning_needs_response');
  const page = await newPage(browser);
  await openSignedIn(page, 'admin', `/control/disputes/${inquiry.id}`);
  await page.getByRole('heading', { name: 'Inquiry', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Accept inquiry' }).click();
  await page.getByRole('dialog', { name: 'Accept the inquiry?' }).getByRole('button', { name: 'Accept inquiry' }).click();
  await toast(page, 'Dispute accepted');
  await page.getByRole('region', { name: 'Inquiry' }).getByText('Inquiry closed', { exact: true }).waitFor();
  expect(await movementsOf(inquiry.id)).toEqual([]);
  const details = await asAdmin<{ status: string; dispute_id: string }>(`/api/backend/transaction-details/${transactionId}`);
  expect(details).toMatchObject({ status: 'completed', dispute_id: inquiry.id });
  expect(await heardAbout(inquiry.id, 2)).toEqual(['dispute.created warning_needs_response', 'dispute.closed warning_closed']);
  await closePage(page);
}, 90_000);
