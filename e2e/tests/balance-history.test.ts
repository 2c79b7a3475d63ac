import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { closePage, fitsTheWidth, launchBrowser, newPage } from '../support/browser';
import { chooseOption } from '../support/select';

/**
 * Balance history in the Withdrawals area (BAL-05, BAL-06), in the real product: reached by its
 * tab, its summary adds up, a withdrawal's reference leads to its own movements, the CSV
 * downloads, and the page holds a phone's width in both themes (screenshots in
 * e2e/artifacts/screenshots/).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const shots = join(__dirname, '..', 'artifacts', 'screenshots');
mkdirSync(shots, { recursive: true });

const cents = (text: string): number => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

async function openWithdrawals(page: Page): Promise<void> {
  await openSignedIn(page, 'admin', '/control/withdrawals');
  await page.getByTestId('pending-balance').waitFor();
}

test('reconciles this month on the page, and a withdrawal leads to its own movements', async () => {
  const page = await newPage(browser);
  await openWithdrawals(page);
  await page.getByRole('button', { name: 'New Withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
  await dialog.getByLabel('Amount').fill('3.15');
  await dialog.getByLabel('Account Number').fill('E2E-BAL-0001');
  await dialog.getByLabel('Bank Name').fill('E2E Bank');
  await dialog.getByLabel('Account Name').fill('E2E Merchant');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await dialog.waitFor({ state: 'detached' });
  const reference = page.getByRole('row').filter({ hasText: 'E2E-BAL-0001' }).getByRole('link');
  const name = (await reference.innerText()).trim();

  await page.getByRole('tab', { name: 'Balance history' }).click();
  await page.getByTestId('closing-balance').waitFor();
  const figure = async (id: string) => cents(await page.getByTestId(id).innerText());
  expect((await figure('opening-balance')) + (await figure('movements-net'))).toBe(await figure('closing-balance'));
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await page.getByTestId('pending-balance').waitFor();

  await page.getByRole('link', { name: `Balance movements of ${name}` }).click();
  const movements = page.getByRole('table', { name: 'Balance movements' });
  await movements.getByText(name).waitFor();
  expect(await movements.getByRole('row').count()).toBe(2);
  expect(await movements.getByRole('row').nth(1).innerText()).toContain('-$3.15');
  expect(new URL(page.url()).searchParams.get('withdrawal')).toBe(name);

  await page.goto('/control/withdrawals/balance?type=withdrawal');
  await movements.getByText(name).waitFor();
  await chooseOption(page.getByRole('combobox', { name: 'Type' }), 'Payment');
  await page.waitForURL(/type=payment/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('balance-history.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('ID,Created,Type,Amount,Fee,Net,Currency,Source,Source Type,Payment');
  expect(lines.slice(1).every((line) => line.split(',')[2] === 'payment')).toBe(true);
  await closePage(page);
});

const widths = { desk: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
  test.each(Object.keys(widths) as (keyof typeof widths)[])(
    'holds the width (%s): no sideways scroll of the page, a table on a desk and cards on a phone',
    async (width) => {
      const page = await newPage(browser, { viewport: widths[width] });
      await page.emulateMedia({ colorScheme: theme });
      await openSignedIn(page, 'admin', '/control/withdrawals/balance');
      await page.getByTestId('closing-balance').waitFor();
      // A phone shows the movements as cards, not a table wider than the screen.
      const movements =
        width === 'phone'
          ? page.getByRole('list', { name: 'Balance movements' }).getByTestId('movement-card')
          : page.getByRole('table', { name: 'Balance movements' }).getByRole('row');
      await movements.first().waitFor();
      const fits = await fitsTheWidth(page);
      await page.screenshot({ path: join(shots, `balance-history-${theme}-${width}.png`), fullPage: width === 'phone' });
      expect(fits).toBe(true);
      await closePage(page);
    },
  );
});
