import type { Browser } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { heard, nextTransactionId, openWidget, payAndHear } from '../support/merchant';
import { payInDialog, storedStatus } from '../support/payer';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the merchant demo page never hands the secret key to the browser', async () => {
  const page = await newPage(browser);
  const response = await page.goto('/demo/merchant');
  expect(response?.status()).toBe(200);
  const script = await (await page.request.get('/demo/merchant/merchant.js')).text();
  expect(`${await page.content()}${script}`).not.toContain('sk_demo_paydesk');
  await closePage(page);
});

test('a good card in the widget: checkout success in the popup, PAYMENT_SUCCESS on the merchant page, completed in the database', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const reference = popup.url().split('/checkout/')[1] ?? '';
  const closed = popup.waitForEvent('close');
  const receipt = popup.waitForURL(`**/checkout-success/${reference}`);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await payInDialog(popup.getByRole('dialog', { name: 'Card Payment' }), '4242 4242 4242 4242');
  await receipt;
  const item = heard(merchant).filter({ hasText: 'PAYMENT_SUCCESS' });
  await item.waitFor();
  await closed; // the receipt tells the opener, then closes itself
  expect(await heard(merchant).count()).toBe(1);
  expect(await item.getAttribute('data-reference')).toBe(reference);
  const transactionId = (await item.getAttribute('data-transaction-id')) ?? '';
  expect(transactionId).toMatch(/^TXN[A-Z0-9]+$/);
  expect(await storedStatus(baseUrl(), transactionId)).toBe('completed');
  await closePage(merchant);
});

test('closing the widget without paying tells the merchant PAYMENT_CANCELLED', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const reference = popup.url().split('/checkout/')[1] ?? '';
  await popup.close({ runBeforeUnload: true });
  const item = heard(merchant).filter({ hasText: 'PAYMENT_CANCELLED' });
  await item.waitFor();
  expect(await item.getAttribute('data-reference')).toBe(reference);
  await closePage(merchant);
});

test('a declined card in the widget shows the error and closes the dialog; the merchant hears nothing', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = popup.getByRole('dialog', { name: 'Card Payment' });
  await payInDialog(dialog, '4000 0000 0000 0002');
  await popup.getByText('Payment Failed').waitFor();
  await popup.getByText('Your card was declined.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect(popup.url()).toContain('/checkout/chk_');
  await popup.getByRole('heading', { name: 'Secure Payment' }).waitFor();
  expect(await heard(merchant).count()).toBe(0);
  await closePage(merchant);
});

test('a pending card in the widget: the merchant hears PAYMENT_PENDING, the payment is pending', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const item = await payAndHear(merchant, popup, '4000000000007205', 'PAYMENT_PENDING');
  await item.waitFor();
  const transactionId = (await item.getAttribute('data-transaction-id')) ?? '';
  expect(await storedStatus(baseUrl(), transactionId)).toBe('pending');
  expect(await heard(merchant).count()).toBe(1); // the receipt closed the popup: no PAYMENT_CANCELLED
  await closePage(merchant);
});

test('3-D Secure in the widget: Complete in the issuer frame, then PAYMENT_SUCCESS', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  const item = await payAndHear(merchant, popup, '4000000000003220', 'PAYMENT_SUCCESS');
  const issuer = popup.frameLocator('iframe[title="3D Secure challenge"]');
  await issuer.getByRole('button', { name: 'Complete' }).click();
  await item.waitFor();
  const transactionId = (await item.getAttribute('data-transaction-id')) ?? '';
  expect(await storedStatus(baseUrl(), transactionId)).toBe('completed');
  await closePage(merchant);
});

test('a 3-D Secure card completed after a second card paid the checkout is voided: the payer is told, the widget reports no success', async () => {
  const merchant = await newPage(browser);
  const popup = await openWidget(merchant);
  // The payer starts with a 3-D Secure card and leaves the issuer's frame open...
  const challenged = nextTransactionId(popup);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await payInDialog(popup.getByRole('dialog', { name: 'Card Payment' }), '4000000000003220');
  const challengedId = await challenged;
  const issuer = popup.frameLocator('iframe[title="3D Secure challenge"]');
  await issuer.getByRole('button', { name: 'Complete' }).waitFor();
  // ...pays the same checkout with another card in a second tab...
  const second = await newPage(browser);
  await second.goto(popup.url());
  await second.getByRole('button', { name: 'Pay', exact: true }).click();
  await payInDialog(second.getByRole('dialog', { name: 'Card Payment' }), '4242 4242 4242 4242');
  await second.waitForURL('**/checkout-success/**');
  // ...then completes the challenge: nothing more is charged, and the widget says why.
  await issuer.getByRole('button', { name: 'Complete' }).click();
  await popup.getByText('Payment Failed').waitFor();
  await popup.getByText('This checkout was already paid or has closed, so this payment was voided. You were not charged.').waitFor();
  expect(await storedStatus(baseUrl(), challengedId)).toBe('voided');
  expect(await heard(merchant).filter({ hasText: 'PAYMENT_SUCCESS' }).count()).toBe(0);
  await closePage(second);
  await closePage(merchant);
});
