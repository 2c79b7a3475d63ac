import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn, type DemoRole } from '../support/accounts';
import { chooseOption } from '../support/select';
import { PAYER_EMAIL } from '../support/payer';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Row {
  id: number;
  transaction_id: string;
  first_name: string;
  last_name: string;
  email: string;
  payment_amount: string;
  status: string;
  fee_amount: string;
  value_amount: string;
  created_at: string;
}

/** Marks the test's own calls, so the request recorder below sees only the app's. */
const PROBE_HEADER = 'x-e2e-probe';

/** The API as the signed-in page sees it (same token). */
const apiGet = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'x-e2e-probe': '1' } });
    return ((await response.json()) as { data: unknown }).data;
  }, `/api/backend/${path}`) as Promise<T>;

const money = (value: string | number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(value));
const cents = (value: string) => Math.round(Number(value) * 100);
const count = (value: number) => value.toLocaleString('en-US');
/**
 * The list's 'Showing from to of total results' line for a page, whatever its total: the payment
 * tests pay on the same server meanwhile, so the total may grow between two reads.
 */
const showing = (page: Page, from: number, to: number) => page.getByText(new RegExp(`Showing ${from} to ${to} of [\\d,]+ results`));
/**
 * That line's total, once it shows and reaches `atLeast` or 10 s have passed: the same line may
 * still show the previous filter's total for a moment.
 */
async function shownTotal(line: ReturnType<Page['getByText']>, atLeast = 0): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await line.waitFor();
    const total = Number(/of ([\d,]+) results/.exec(await line.innerText())![1]!.replace(/,/g, ''));
    if (total >= atLeast || Date.now() > deadline) return total;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** A figure the page shows ('$1,234.56'), in cents. */
const shownCents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
const statValue = (page: Page, label: string) => page.getByTestId(`stat-${label}`).getByTestId('stat-value').innerText();
const detail = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Payment Information' }).getByTestId(`detail-${label}`).locator('> div').innerText();

async function signedIn(role: DemoRole): Promise<Page> {
  const page = await newPage(browser);
  await openSignedIn(page, role, '/control/dashboard');
  return page;
}

describe.each(['super_admin', 'admin', 'viewer'] as const)('%s', (role) => {
  const viewer = role === 'viewer';

  test('dashboard figures are the API figures; a viewer sees 90 % net and no balances', async () => {
    const page = await signedIn(role);
    const readRevenue = () =>
      apiGet<{ total_revenue: string; total_net_revenue: string; total_refunds: string; total_disputes: string }>(page, 'total-revenue');
    // Other files pay, refund and dispute on the same server, which moves these figures either way:
    // the page is read again until the API gave the same figures just before and just after it.
    let revenue = await readRevenue();
    let shown: string[] = [];
    for (let read = 1; read <= 5; read += 1) {
      await page.reload();
      await page.getByTestId('stat-Total Revenue').waitFor();
      shown = [await statValue(page, 'Total Revenue'), await statValue(page, 'Net Revenue')];
      const after = await readRevenue();
      if (JSON.stringify(after) === JSON.stringify(revenue)) break;
      revenue = after;
    }
    expect(shown.map(shownCents)).toEqual([cents(revenue.total_revenue), cents(revenue.total_net_revenue)]);
    // Revenue is the sales less their succeeded refunds and disputed amounts (DASH-08, DSP-17); a
    // viewer's fee is 10 % of the sales.
    const left = cents(revenue.total_refunds) + cents(revenue.total_disputes);
    const sales = cents(revenue.total_revenue) + left;
    if (viewer) expect(cents(revenue.total_net_revenue)).toBe(sales - Math.round(sales / 10) - left);
    else expect(cents(revenue.total_net_revenue)).not.toBe(sales - Math.round(sales / 10) - left);
    expect(await page.getByTestId('stat-Available Balance').count()).toBe(viewer ? 0 : 1);
    await page.getByTestId('revenue-chart').and(page.locator('[data-range="7days"]')).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Data Refreshed').waitFor();
    await closePage(page);
  });

  test('details show the fee and net the role may see; no summary card for a viewer', async () => {
    const page = await signedIn(role);
    const list = await apiGet<{ data: Row[] }>(page, 'all-transactions?status=success&per_page=10');
    const row = list.data[0]!;
    await page.goto(`/control/transactions/${row.id}`);
    await page.getByRole('region', { name: 'Payment Information' }).waitFor();
    const fee = viewer ? Math.round(cents(row.payment_amount) / 10) : cents(row.fee_amount);
    expect(await detail(page, 'Fee')).toBe(money(fee / 100));
    expect(await detail(page, 'Net Amount')).toBe(money((cents(row.payment_amount) - fee) / 100));
    expect(await page.getByRole('region', { name: 'Transaction Summary' }).count()).toBe(viewer ? 0 : 1);
    await page.getByRole('link', { name: 'Back to Transactions' }).click();
    await page.getByRole('heading', { name: 'Transaction Monitoring' }).waitFor();
    await closePage(page);
  });
});

test('filter, search, page size and paging drive the requests and rows; export equals the page', async () => {
  const page = await signedIn('admin');
  const requests: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/backend/all-transactions') && !r.headers()[PROBE_HEADER]) requests.push(new URL(r.url()));
  });
  const lastQuery = () => Object.fromEntries(requests.at(-1)!.searchParams);
  const rows = page.getByTestId('transaction-row');

  // Other files dispute payments on the same server meanwhile: the page's own answer is what it shows.
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('status') === 'disputed' && r.url().includes('/all-transactions'),
  );
  await page.goto('/control/transactions?filter=disputed');
  const disputed = ((await (await answered).json()) as { data: { total: number; data: Row[] } }).data;
  await page.getByText(`of ${count(disputed.total)} results`).waitFor();
  expect(new Set(await page.getByTestId('status-badge').allInnerTexts())).toEqual(new Set(['Disputed']));

  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'All Status');
  const all = await apiGet<{ total: number; data: Row[] }>(page, 'all-transactions?per_page=10');
  expect(await shownTotal(showing(page, 1, 10), all.total)).toBeGreaterThanOrEqual(all.total);
  await page.getByRole('button', { name: 'Page 2' }).click();
  expect(await shownTotal(showing(page, 11, 20))).toBeGreaterThanOrEqual(all.total);
  await chooseOption(page.getByRole('combobox', { name: 'Per page' }), '25');
  expect(await shownTotal(showing(page, 1, 25))).toBeGreaterThanOrEqual(all.total);
  expect(lastQuery()).toEqual({ page: '1', per_page: '25' });
  expect(await rows.count()).toBe(25);

  // A seeded payer's e-mail, not the one the payment tests use, so the matches stay as they are.
  const seeded = disputed.data.find((r) => r.email !== PAYER_EMAIL)!;
  const fragment = seeded.email.split('@')[0]!.slice(0, 5).toUpperCase();
  await page.getByPlaceholder('Search by customer name, email, or transaction ID...').fill(fragment);
  await page.waitForURL((url) => url.searchParams.get('search') === fragment);
  const found = await apiGet<{ total: number; data: Row[] }>(page, `all-transactions?per_page=25&search=${fragment}`);
  await page.getByText(`of ${count(found.total)} results`).waitFor();
  expect(lastQuery()).toEqual({ page: '1', per_page: '25', search: fragment });
  expect(await rows.locator('td:first-child').allInnerTexts()).toEqual(found.data.map((r) => r.transaction_id));

  await page.reload();
  await page.getByText(`of ${count(found.total)} results`).waitFor();
  expect(await page.getByPlaceholder('Search by customer name, email, or transaction ID...').inputValue()).toBe(fragment);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  await page.getByText('Export Complete').waitFor();
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Transaction ID,Customer Name,Email,Amount,Status,Date');
  expect(lines.slice(1)).toEqual(
    found.data.map((r) =>
      [r.transaction_id, `${r.first_name} ${r.last_name}`, r.email, r.payment_amount, r.status, r.created_at].join(','),
    ),
  );
  await closePage(page);
});
