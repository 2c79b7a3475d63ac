import type { Locator, Page } from 'playwright-core';
import { payInDialog } from './payer';

/** The merchant demo page creates a checkout server-side and opens the widget in a popup. */
export async function openWidget(merchant: Page): Promise<Page> {
  await merchant.goto('/demo/merchant');
  const [popup] = await Promise.all([merchant.waitForEvent('popup'), merchant.getByRole('button', { name: 'Pay with Paydesk' }).click()]);
  popup.on('pageerror', (error) => {
    throw error;
  });
  await popup.waitForURL('**/checkout/chk_*');
  await popup.getByRole('heading', { name: 'Secure Payment' }).waitFor();
  await popup.getByTestId('checkout-amount').filter({ hasText: '$25.00' }).waitFor();
  return popup;
}

/** What the merchant demo page heard from the widget, one item per message. */
export const heard = (merchant: Page): Locator => merchant.getByRole('list', { name: 'Messages from the widget' }).getByRole('listitem');

/** Pays in the widget; returns the item of the merchant's list that the message `type` will fill. */
export async function payAndHear(merchant: Page, popup: Page, card: string, type: string, cvv?: string): Promise<Locator> {
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await payInDialog(popup.getByRole('dialog', { name: 'Card Payment' }), card, cvv);
  return heard(merchant).filter({ hasText: type });
}

/**
 * The transaction id the next card initialisation in the widget returns (a failed payment leaves
 * the payer on the checkout page, which shows no id). Call before entering the card.
 */
export async function nextTransactionId(popup: Page): Promise<string> {
  const response = await popup.waitForResponse((r) => r.url().endsWith('/initialize-card-transaction') && r.request().method() === 'POST');
  const id = ((await response.json()) as { data?: { transactionId?: string } }).data?.transactionId ?? '';
  expect(id).toMatch(/^TXN[A-Z0-9]+$/);
  return id;
}
