import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { adminToken } from '../support/payer';

/**
 * Transaction Monitoring read from the browser (TXN-20): a dense table on a desk, cards on a phone
 * with no sideways scroll, in both themes. Screenshots land in e2e/artifacts/screenshots/.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await partlyRefundOneOfTheNewest();
});

/** A partly refunded payment among the first page's rows: its `Refunded $X of $Y` must fit the row too (REF-05). */
async function partlyRefundOneOfTheNewest(): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(baseUrl())}`, 'content-type': 'application/json' };
  const list = await fetch(`${baseUrl()}/api/backend/all-transactions?per_page=10`, { headers });
  const rows = (
    (await list.json()) as { data: { data: { transaction_id: string; status: string; payment_amount: string; amount_refunded: string }[] } }
  ).data.data;
  if (rows.some((r) => r.amount_refunded !== '0.00' && r.amount_refunded !== r.payment_amount)) return;
  const paid = rows.filter((r) => (r.status === 'completed' || r.status === 'success') && Number(r.payment_amount) >= 10);
  // Other tests' newest payments may have been disputed (409 charge_disputed): the first that takes a refund.
  const answers: string[] = [];
  for (const { transaction_id: id } of paid) {
    const refund = await fetch(`${baseUrl()}/api/backend/transactions/${id}/refunds`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: 1, reason: 'requested_by_customer' }),
    });
    if (refund.status === 201) return;
    answers.push(`${id}: ${refund.status} ${await refund.text()}`);
  }
  throw new Error(`no paid payment of $10 or more among the newest ten took a refund:\n${answers.join('\n')}`);
}
afterAll(() => browser.close());

const shots = join(__dirname, '..', 'artifacts', 'screenshots');
mkdirSync(shots, { recursive: true });

type Theme = 'light' | 'dark';

async function transactionsAt(theme: Theme, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await page.emulateMedia({ colorScheme: theme });
  await openSignedIn(page, 'admin', '/control/transactions');
  await page.getByTestId('transaction-row').first().waitFor();
  return page;
}

describe.each<Theme>(['light', 'dark'])('in the %s theme', (theme) => {
  test('at 1440 px every row of the first page is at most 56 px high, its date on one line', async () => {
    const page = await transactionsAt(theme, { width: 1440, height: 900 });
    await page.screenshot({ path: join(shots, `transactions-layout-${theme}-desk.png`), fullPage: true });
    const rows = await page.getByTestId('transaction-row').evaluateAll((elements) =>
      elements.map((row) => {
        const date = row.querySelector('[data-testid="transaction-date"]')!;
        const lineHeight = parseFloat(getComputedStyle(date).lineHeight);
        return {
          tag: row.tagName,
          height: row.getBoundingClientRect().height,
          dateLines: Math.round(date.getBoundingClientRect().height / lineHeight),
        };
      }),
    );
    expect(rows.length).toBe(10);
    expect(rows.filter((row) => row.tag !== 'TR' || row.height > 56 || row.dateLines !== 1)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    // Every column is in sight: the table does not scroll sideways inside its card either.
    const table = await page.getByRole('table', { name: 'Transactions' }).evaluate((element) => {
      const container = element.parentElement!;
      return { overflows: container.scrollWidth > container.clientWidth };
    });
    expect(table).toEqual({ overflows: false });
    await expect(
      page
        .getByRole('link', { name: /^View / })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await closePage(page);
  });

  test('at 390 px the page has no sideways scroll and each transaction is a card', async () => {
    const page = await transactionsAt(theme, { width: 390, height: 844 });
    await page.screenshot({ path: join(shots, `transactions-layout-${theme}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('table').count()).toBe(0);
    const cards = await page
      .getByTestId('transaction-row')
      .evaluateAll((elements) => elements.map((card) => ({ tag: card.tagName, inside: card.getBoundingClientRect().right <= 390 })));
    expect(cards.length).toBe(10);
    expect(cards.filter((card) => card.tag !== 'LI' || !card.inside)).toEqual([]);
    await page.goto('/control/dashboard');
    await page.getByRole('list', { name: 'Recent transactions' }).getByTestId('transaction-row').first().waitFor();
    await page.screenshot({ path: join(shots, `dashboard-layout-${theme}-phone.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await closePage(page);
  });
});
