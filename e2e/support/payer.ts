import type { Locator, Page } from 'playwright-core';
import { demoAccounts, demoPassword } from './accounts';

/** The e-mail address the browser tests pay with on the standalone form. */
export const PAYER_EMAIL = 'pat@example.com';

/** Fills the standalone form and opens the card dialog, as a payer would. */
export async function openCardDialog(page: Page, amount = '42.50', shown = '$42.50'): Promise<Locator> {
  await page.goto('/');
  await page.getByLabel(/^First Name/).fill('Pat');
  await page.getByLabel(/^Last Name/).fill('Payer');
  await page.getByLabel(/^Email/).fill(PAYER_EMAIL);
  await page.getByLabel(/^Phone/).fill('+15550100');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  return page.getByRole('dialog', { name: 'Card Payment' });
}

/** Enters a test card with a future expiry. */
export async function enterCard(dialog: Locator, card: string, cvv = '123'): Promise<void> {
  await dialog.getByLabel(/^Card Number/).fill(card);
  await dialog.getByLabel(/^Expiry/).fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await dialog.getByLabel(/^CVV/).fill(cvv);
}

/** Enters a test card and clicks Pay USD once it is enabled. */
export async function payInDialog(dialog: Locator, card: string, cvv = '123'): Promise<void> {
  await enterCard(dialog, card, cvv);
  const pay = dialog.getByRole('button', { name: 'Pay USD' });
  await expect(pay.isEnabled()).resolves.toBe(true);
  await pay.click();
}

/** The transaction id a result page shows. */
export async function shownTransactionId(page: Page): Promise<string> {
  const id = (await page.getByTestId('transaction-id').textContent()) ?? '';
  expect(id).toMatch(/^TXN[A-Z0-9]+$/);
  return id;
}

const tokens = new Map<string, Promise<string>>();

/** An admin's back office token for a server, logged in once per test file. */
export function adminToken(baseUrl: string): Promise<string> {
  let token = tokens.get(baseUrl);
  if (!token) {
    token = fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAccounts.admin.email, password: demoPassword() }),
    }).then(async (login) => ((await login.json()) as { data: { token: string } }).data.token);
    tokens.set(baseUrl, token);
    token.catch(() => tokens.delete(baseUrl));
  }
  return token;
}

/**
 * The stored status of a transaction, read through the back office API as an admin (the e2e
 * server's embedded database is locked to its own process).
 */
export async function storedStatus(baseUrl: string, transactionId: string): Promise<string | undefined> {
  const list = await fetch(`${baseUrl}/api/backend/all-transactions?search=${encodeURIComponent(transactionId)}`, {
    headers: { authorization: `Bearer ${await adminToken(baseUrl)}` },
  });
  const rows = ((await list.json()) as { data: { data: { transaction_id: string; status: string }[] } }).data.data;
  return rows.find((row) => row.transaction_id === transactionId)?.status;
}

/** The stored status once the background resolver has settled a pending payment (polled, no fixed wait). */
export async function settledStatus(baseUrl: string, transactionId: string, timeoutMs = 15_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await storedStatus(baseUrl, transactionId);
    if (status !== 'pending' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Where a payment ends for the payer: the success page, or a failure with the server's reason. */
export type PaymentResult = { page: 'success' } | { page: 'failure'; reason: string };
export const success: PaymentResult = { page: 'success' };
export const failure = (reason: string): PaymentResult => ({ page: 'failure', reason });
