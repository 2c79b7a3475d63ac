import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Figures of about a million transactions, answered in place of the server's. */
const big: Record<string, unknown> = {
  'total-revenue': {
    total_revenue: '1293781250.00',
    total_net_revenue: '1254967812.50',
    total_refunds: '12937812.50',
    total_disputes: '0.00',
  },
  'total-transactions': {
    total_transactions: 1_000_100,
    successful_transactions: 850_085,
    failed_transactions: 100_010,
    pending_transactions: 20_002,
    disputed_transactions: 15_001,
    refunded_transactions: 15_002,
    success_rate: 85,
  },
  'today-stats': {
    today_transactions: 12_345,
    today_amount: '3629481.75',
    today_net_amount: '3520597.30',
    today_refunds: '36294.80',
    today_disputes: '0.00',
    today_successful: 10_493,
    today_failed: 1_234,
    today_success_rate: 85,
    week_transactions: 86_415,
    week_amount: '25406372.25',
    week_refunds: '254063.70',
    week_disputes: '0.00',
    week_growth: 12.5,
    month_transactions: 370_350,
    month_amount: '108884595.00',
    month_refunds: '1088845.95',
    month_disputes: '0.00',
    month_growth: -3.25,
  },
  'wallet-balance': { available_balance: '293781250.00', pending: '18813437.50', total: '312594687.50' },
};

async function dashboardWithBigFigures(width: number): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height: 900 } });
  await page.route(/\/api\/backend\/(total-revenue|total-transactions|today-stats|wallet-balance)$/, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    return route.fulfill({ json: { status: 'success', data: big[name] } });
  });
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByTestId('stat-Total Balance').waitFor();
  return page;
}

/** Each figure's text, its lines, and whether it is wider than its card can show (a card clips what overflows). */
const figures = (page: Page) =>
  page.getByTestId('stat-value').evaluateAll((nodes) =>
    nodes.map((node) => {
      const card = node.closest('[data-testid^="stat-"]')!.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(node);
      return {
        text: node.textContent,
        lines: range.getClientRects().length,
        clipped: node.scrollWidth > node.clientWidth || box.right > card.right || box.left < card.left,
      };
    }),
  );

test.each([1280, 1440, 390])('at %i px every dashboard figure shows whole on one line', async (width) => {
  const page = await dashboardWithBigFigures(width);
  const shown = await figures(page);
  expect(shown.map((f) => f.text)).toEqual(expect.arrayContaining(['$1,293,781,250.00', '$293,781,250.00', '1,000,100']));
  expect(shown.filter((f) => f.clipped || f.lines > 1)).toEqual([]);
  await closePage(page);
});

test('on a phone a list of 1,000,100 transactions reads with separators and does not scroll sideways', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await page.route(/\/api\/backend\/all-transactions/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { per_page: number } };
    Object.assign(body.data, { total: 1_000_100, last_page: Math.ceil(1_000_100 / body.data.per_page) });
    return route.fulfill({ response, json: body });
  });
  await openSignedIn(page, 'admin', '/control/transactions');
  await page.getByText('Showing 1 to 10 of 1,000,100 results').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await closePage(page);
});
