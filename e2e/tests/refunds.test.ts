import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Row {
  id: number;
  transaction_id: string;
  payment_amount: string;
  amount_refunded: string;
  last_four: string | null;
}

const money = (value: string | number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(value));

/**
 * A paid demo payment of at least $10 that nothing has refunded yet, as the signed-in page sees it:
 * the oldest of the newest hundred, since other files refund the newest while this one runs.
 */
const unrefundedPayment = (page: Page): Promise<Row> =>
  page.evaluate(async () => {
    const response = await fetch('/api/backend/all-transactions?status=success&per_page=100', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const rows = ((await response.json()) as { data: { data: Row[] } }).data.data;
    return rows.findLast((r) => r.amount_refunded === '0.00' && Number(r.payment_amount) >= 10)!;
  });

async function toast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

async function refund(page: Page, amount: string | null, confirmation: string): Promise<void> {
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  if (amount !== null) await dialog.getByLabel('Amount').fill(amount);
  await chooseOption(dialog.getByRole('combobox', { name: 'Reason' }), 'Requested by customer');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByText(confirmation, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await toast(page, 'Refund created');
  await dialog.waitFor({ state: 'detached' });
}

/** Reloads the details until `text` shows: the refunds settle in the background, about a second later. */
async function reloadUntil(page: Page, locator: () => ReturnType<Page['getByText']>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await locator().waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt > 10) throw error;
      await page.reload();
    }
  }
}

test('a staff member refunds part, then the rest, of a payment and sees it refunded', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await openSignedIn(page, 'admin', '/control/dashboard');
  const payment = await unrefundedPayment(page);
  const part = 5;
  const rest = (Math.round(Number(payment.payment_amount) * 100) - part * 100) / 100;
  await page.goto(`/control/transactions/${payment.id}`);
  await page.getByRole('region', { name: 'Payment Information' }).waitFor();

  await refund(page, String(part), `Refund ${money(part)} to the card ending ${payment.last_four}?`);
  const partial = `Refunded ${money(part)} of ${money(payment.payment_amount)}`;
  await page.getByRole('region', { name: 'Payment Information' }).getByText(partial).waitFor();
  await reloadUntil(page, () => page.getByRole('region', { name: 'Timeline' }).getByText(`Refund of ${money(part)} succeeded`));

  await page.goto(`/control/transactions?search=${payment.transaction_id}`);
  await page.getByTestId('transaction-row').getByText(partial).waitFor();
  await page.goto(`/control/transactions/${payment.id}`);

  await refund(page, null, `Refund ${money(rest)} to the card ending ${payment.last_four}?`);
  await reloadUntil(page, () =>
    page.getByRole('region', { name: 'Payment Information' }).getByTestId('status-badge').getByText('Refunded'),
  );
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByText(`Refund of ${money(rest)} succeeded`).waitFor();
  expect(await page.getByRole('region', { name: 'Refunds' }).getByTestId('refund-row').count()).toBe(2);
  expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
  await closePage(page);
}, 120_000);
