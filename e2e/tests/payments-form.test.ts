import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Fills the standalone form and opens the card dialog, as a payer would. */
async function openCardDialog(page: Page, amount: string, shown: string) {
  await page.goto('/');
  await page.getByLabel(/^First Name/).fill('Pat');
  await page.getByLabel(/^Last Name/).fill('Payer');
  await page.getByLabel(/^Email/).fill('pat@example.com');
  await page.getByLabel(/^Phone/).fill('+15550100');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  return page.getByRole('dialog', { name: 'Card Payment' });
}

async function enterCard(dialog: Locator, card: string, cvv = '123'): Promise<void> {
  await dialog.getByLabel(/^Card Number/).fill(card);
  await dialog.getByLabel(/^Expiry/).fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await dialog.getByLabel(/^CVV/).fill(cvv);
}

async function payWith(page: Page, card: string): Promise<void> {
  const dialog = await openCardDialog(page, '42.50', '$42.50');
  await enterCard(dialog, card);
  const pay = dialog.getByRole('button', { name: 'Pay USD' });
  await expect(pay.isEnabled()).resolves.toBe(true);
  await pay.click();
}

test('a good card on the standalone form ends on the receipt with status Completed', async () => {
  const page = await newPage(browser);
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(await page.getByTestId('transaction-id').textContent()).toMatch(/^TXN[A-Z0-9]+$/);
  await page.context().close();
});

test('a declined card ends on the failure page with its reason', async () => {
  const page = await newPage(browser);
  await payWith(page, '4000 0000 0000 0002');
  await page.waitForURL('**/payment-failure');
  await page.getByText('Failure Reason').waitFor();
  await page.getByText('Your card was declined.').waitFor();
  await page.getByRole('link', { name: 'Try Again' }).waitFor();
  await page.context().close();
});

test('a card blocked at initialisation keeps Pay disabled and says why', async () => {
  const page = await newPage(browser);
  const dialog = await openCardDialog(page, '10', '$10.00');
  await enterCard(dialog, '4100000000000019');
  await dialog.getByText(/blocked as fraudulent/).waitFor();
  expect(await dialog.getByRole('button', { name: 'Pay USD' }).isDisabled()).toBe(true);
  await page.context().close();
});

test('the form refuses missing fields with the spec toast', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await page.getByText('Missing Information').waitFor();
  await page.getByText('Please fill in all required fields').waitFor();
  await page.context().close();
});
