import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { failure, openCardDialog, payInDialog, shownTransactionId, storedStatus, success, type PaymentResult } from '../support/payer';
import { payPendingAndRevisit, pendingServer } from '../support/pending';

/**
 * The sandbox test-card table (README, "Sandbox test cards") through the standalone form: the
 * result page, its texts and the stored status, for each way a payment ends (two brands, a decline
 * with its reason, pending then settled). The 3-D Secure rows are in payments-3ds.test.ts, the
 * generic decline and the blocked card in payments-form.test.ts. The other declines differ only
 * in the reason the server gives, which payments-cards.test.ts checks card by card on both
 * databases; the page shows whatever reason it is given.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The result page the payer lands on; returns the transaction id it shows. */
async function expectResultPage(page: Page, result: PaymentResult): Promise<string> {
  if (result.page === 'success') {
    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  } else {
    await page.waitForURL('**/payment-failure');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Failure Reason').waitFor();
    expect(await page.getByTestId('failure-reason').textContent()).toBe(result.reason);
    await page.getByTestId('payment-status').filter({ hasText: 'Failed' }).waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
  }
  return shownTransactionId(page);
}

const storedFor = (result: PaymentResult) => (result.page === 'success' ? 'completed' : 'failed');

test.each([
  { row: 'Mastercard 5555 5555 5555 4444', card: '5555555555554444', cvv: '123', result: success },
  { row: 'American Express 3782 822463 10005 (4-digit CVV)', card: '378282246310005', cvv: '1234', result: success },
  {
    row: 'insufficient funds 4000 0000 0000 9995',
    card: '4000000000009995',
    cvv: '123',
    result: failure('Your card has insufficient funds.'),
  },
])('standalone form, $row: the right result page, texts and stored status', async ({ card, cvv, result }) => {
  const page = await newPage(browser);
  await payInDialog(await openCardDialog(page), card, cvv);
  const transactionId = await expectResultPage(page, result);
  expect(await storedStatus(baseUrl(), transactionId)).toBe(storedFor(result));
  await closePage(page);
});

describe('pending payments, resolved in the background', () => {
  const server = pendingServer();

  test.each([
    { row: '4000 0000 0000 7205, then success', card: '4000000000007205', result: success },
    { row: '4000 0000 0000 7304, then failure', card: '4000000000007304', result: failure('The bank declined the payment.') },
  ])('standalone form, $row: pending page, then the result page once settled', async ({ card, result }) => {
    const { page, transactionId, settled } = await payPendingAndRevisit(browser, server(), card);
    expect(settled).toBe(storedFor(result));
    expect(await expectResultPage(page, result)).toBe(transactionId);
    await closePage(page);
  });
});
