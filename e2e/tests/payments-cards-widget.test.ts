import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { heard, nextTransactionId, openWidget, payAndHear } from '../support/merchant';
import { failure, storedStatus, success, type PaymentResult } from '../support/payer';

/**
 * The sandbox test-card table (README, "Sandbox test cards") through the widget opened from the
 * merchant demo page: what the popup shows, what the merchant's window hears, the stored status,
 * for each way a widget payment ends. 4242, 0002, 7205 and 3220 are in payments-widget.test.ts;
 * the declines that differ only in their reason are checked card by card in
 * payments-cards.test.ts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** What the payer does between Pay and the result: nothing, the issuer's challenge, or the demo modal. */
type Step = 'none' | 'issuer-complete' | 'demo-otp';

async function act(popup: Page, step: Step): Promise<void> {
  if (step === 'issuer-complete') {
    await popup.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete' }).click();
  } else if (step === 'demo-otp') {
    const modal = popup.getByRole('dialog', { name: 'Demo 3D Secure' });
    await modal.getByLabel('OTP').fill('123456');
    await modal.getByRole('button', { name: 'Verify & Pay' }).click();
  }
}

test.each<{ row: string; card: string; cvv?: string; step?: Step; result: PaymentResult }>([
  { row: 'Mastercard 5555 5555 5555 4444', card: '5555555555554444', result: success },
  { row: 'American Express 3782 822463 10005 (4-digit CVV)', card: '378282246310005', cvv: '1234', result: success },
  { row: 'insufficient funds 4000 0000 0000 9995', card: '4000000000009995', result: failure('Your card has insufficient funds.') },
  {
    row: '3-D Secure passes, then declined, 4000 0084 0000 1629',
    card: '4000008400001629',
    step: 'issuer-complete',
    result: failure('Your card was declined.'),
  },
  { row: 'demo 3-D Secure modal, a passing code, 4000 0027 6000 3184', card: '4000002760003184', step: 'demo-otp', result: success },
])('widget from the merchant demo page, $row', async ({ card, cvv, step = 'none', result }) => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const reference = popup.url().split('/checkout/')[1] ?? '';
  const receipt =
    result.page === 'success' ? Promise.all([popup.waitForURL(`**/checkout-success/${reference}`), popup.waitForEvent('close')]) : null;
  const initialised = nextTransactionId(popup);
  const item = await payAndHear(merchant, popup, card, 'PAYMENT_SUCCESS', cvv);
  const transactionId = await initialised;
  await act(popup, step);

  if (receipt) {
    await item.waitFor();
    await receipt; // the checkout receipt told the opener, then closed itself
    expect(await heard(merchant).count()).toBe(1);
    expect(await item.getAttribute('data-reference')).toBe(reference);
    expect(await item.getAttribute('data-transaction-id')).toBe(transactionId);
  } else if (result.page === 'failure') {
    const toast = popup.getByTestId('toast').filter({ hasText: 'Payment Failed' });
    await toast.getByText(result.reason, { exact: true }).waitFor();
    await popup.getByRole('dialog', { name: 'Card Payment' }).waitFor({ state: 'hidden' });
    expect(popup.url()).toContain(`/checkout/${reference}`);
    await popup.getByRole('heading', { name: 'Secure Payment' }).waitFor();
    expect(await heard(merchant).count()).toBe(0);
  }
  expect(await storedStatus(baseUrl(), transactionId)).toBe(result.page === 'success' ? 'completed' : 'failed');
  await closePage(merchant);
});

test('widget from the merchant demo page, blocked 4100 0000 0000 0019: Pay stays disabled with the reason', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = popup.getByRole('dialog', { name: 'Card Payment' });
  await dialog.getByLabel(/^Card Number/).fill('4100000000000019');
  await dialog.getByLabel(/^Expiry/).fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await dialog.getByLabel(/^CVV/).fill('123');
  await dialog.getByText('This card was blocked as fraudulent. Please use another card.', { exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Pay USD' }).isDisabled()).toBe(true);
  expect(await heard(merchant).count()).toBe(0);
  await closePage(merchant);
});
