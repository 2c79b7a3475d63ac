import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const dollarsToCents = (text: string): number => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

async function openWithdrawals(): Promise<Page> {
  const page = await newPage(browser);
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Withdrawals' }).click();
  await page.getByText('Ready for withdrawal').waitFor();
  await page.getByText(/^Withdrawal History \(\d+\)$/).waitFor();
  // The balance card shows '—' until the balance is in; its pending line comes with it.
  await page.getByTestId('pending-balance').waitFor();
  return page;
}

const available = async (page: Page): Promise<number> => dollarsToCents(await page.getByTestId('available-balance').innerText());

async function toast(page: Page, title: string, message: string): Promise<void> {
  const shown = page.getByTestId('toast').filter({ hasText: title });
  await shown.getByText(message, { exact: true }).waitFor();
}

test('the dialog checks amount, balance and account fields in the order of VAL-13, with its messages', async () => {
  const page = await openWithdrawals();
  const balance = await available(page);
  await page.getByRole('button', { name: 'New Withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
  const submit = dialog.getByRole('button', { name: 'Submit Request' });

  expect(await submit.isDisabled()).toBe(true); // empty amount
  await dialog.getByLabel('Amount').fill(((balance + 1) / 100).toFixed(2));
  expect(await submit.isDisabled()).toBe(true); // above the balance
  await dialog.getByText(`Available balance: $${(balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).waitFor();

  await dialog.getByLabel('Amount').fill('0');
  await submit.click();
  await toast(page, 'Invalid Amount', 'Please enter a valid amount');

  await dialog.getByLabel('Amount').fill('1');
  await dialog.getByLabel('Account Number').fill('12345678');
  await submit.click();
  await toast(page, 'Missing Information', 'Please fill in all required fields');
  await dialog.getByText('$0.00').waitFor(); // processing fee
  expect(await page.getByRole('dialog', { name: 'Request Withdrawal' }).count()).toBe(1);
  await closePage(page);
});

test('a request lowers Available at once and shows as Pending; filter and export', async () => {
  const page = await openWithdrawals();
  const before = await available(page);
  expect(before).toBeGreaterThan(1000);
  await page.getByRole('button', { name: 'New Withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
  await dialog.getByLabel('Amount').fill('10.25');
  await dialog.getByLabel('Account Number').fill('E2E-55501234');
  await dialog.getByLabel('Bank Name').fill('E2E Bank');
  await dialog.getByLabel('Account Name').fill('E2E Merchant');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await toast(page, 'Withdrawal Requested', 'Withdrawal of $10.25 has been submitted for processing');
  await dialog.waitFor({ state: 'detached' });

  // The balance refetches after the request; other browser tests' payments could only add to it.
  await page.waitForFunction(
    (was) =>
      Math.round(Number((document.querySelector('[data-testid="available-balance"]')?.textContent ?? '').replace(/[$,]/g, '')) * 100) < was,
    before,
  );
  // Down at once by the amount, less whatever payments other tests completed meanwhile.
  const drop = before - (await available(page));
  expect(drop).toBeGreaterThan(0);
  expect(drop).toBeLessThanOrEqual(1025);
  const row = page.getByRole('row').filter({ hasText: 'E2E-55501234' });
  await row.getByText('Pending').waitFor();
  expect(await row.getByRole('cell').nth(1).innerText()).toBe('$10.25');

  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Pending');
  const pendingCount = Number((await page.getByText(/^Withdrawal History \(\d+\)$/).innerText()).match(/\d+/)![0]);
  expect(pendingCount).toBeGreaterThanOrEqual(1);
  expect(await page.getByTestId('withdrawal-status').allInnerTexts()).toEqual(Array(pendingCount).fill('Pending'));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('withdrawals.csv');
  await page.getByTestId('toast').filter({ hasText: 'Export Complete' }).waitFor();
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Reference,Amount,Account Number,Bank Name,Account Name,Status,Requested Date,Processed Date');
  expect(lines).toHaveLength(pendingCount + 1);
  expect(lines.some((line) => line.includes(',10.25,E2E-55501234,E2E Bank,E2E Merchant,pending,'))).toBe(true);

  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Cancelled');
  await page.getByText('No withdrawals found matching your criteria').waitFor();
  await closePage(page);
});
