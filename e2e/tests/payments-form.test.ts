import type { Browser } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { enterCard, openCardDialog, payInDialog } from '../support/payer';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a good card on the standalone form ends on the receipt with status Completed', async () => {
  const page = await newPage(browser);
  await payInDialog(await openCardDialog(page), '4242 4242 4242 4242');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(await page.getByTestId('transaction-id').textContent()).toMatch(/^TXN[A-Z0-9]+$/);
  await closePage(page);
});

test('a declined card ends on the failure page with its reason', async () => {
  const page = await newPage(browser);
  await payInDialog(await openCardDialog(page), '4000 0000 0000 0002');
  await page.waitForURL('**/payment-failure');
  await page.getByText('Failure Reason').waitFor();
  await page.getByText('Your card was declined.').waitFor();
  await page.getByRole('link', { name: 'Try Again' }).waitFor();
  await closePage(page);
});

test('a card blocked at initialisation keeps Pay disabled and says why', async () => {
  const page = await newPage(browser);
  const dialog = await openCardDialog(page, '10', '$10.00');
  await enterCard(dialog, '4100000000000019');
  await dialog.getByText(/blocked as fraudulent/).waitFor();
  expect(await dialog.getByRole('button', { name: 'Pay USD' }).isDisabled()).toBe(true);
  await closePage(page);
});

test('the form refuses missing fields with the VAL-01 toast', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await page.getByText('Missing Information').waitFor();
  await page.getByText('Please fill in all required fields').waitFor();
  await closePage(page);
});

test('motion follows the system: with reduced motion asked for, transitions end at once', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
  /** The longest transition of the form's first button, in seconds, as the browser computed it. */
  const longest = () =>
    page
      .getByRole('button')
      .first()
      .evaluate((button) =>
        Math.max(
          ...getComputedStyle(button)
            .transitionDuration.split(',')
            .map((s) => parseFloat(s)),
        ),
      );
  // The test browser asks for reduced motion (support/browser.ts); a user who does not sees the transitions.
  expect(await longest()).toBeLessThan(0.001);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await longest()).toBeGreaterThan(0.1);
  await closePage(page);
});
