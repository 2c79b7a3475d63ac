import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { openCardDialog, payInDialog, shownTransactionId, storedStatus } from '../support/payer';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Pays on the standalone form, then acts inside the sandbox issuer's page in the overlay's frame. */
async function challenge(page: Page, card: string, button: 'Complete' | 'Fail'): Promise<void> {
  await payInDialog(await openCardDialog(page), card);
  const overlay = page.getByRole('dialog', { name: '3D Secure Verification' });
  await overlay.waitFor();
  const issuer = page.frameLocator('iframe[title="3D Secure challenge"]');
  await issuer.getByRole('heading', { name: 'Verify your payment' }).waitFor();
  await issuer.getByText('Sandbox Bank · 3-D Secure').waitFor();
  await issuer.getByRole('button', { name: button }).click();
}

test('3-D Secure challenge, Complete: success page, completed in the database', async () => {
  const page = await newPage(browser);
  await challenge(page, '4000000000003220', 'Complete');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('completed');
  await closePage(page);
});

test('opened under another host name than PUBLIC_URL, the pay form moves there and its 3-D Secure frame works', async () => {
  // The server's PUBLIC_URL names 127.0.0.1; localhost reaches the same server under another name.
  const canonical = new URL(baseUrl());
  const page = await newPage(browser, { url: `http://localhost:${canonical.port}` });
  await challenge(page, '4000000000003220', 'Complete');
  expect(new URL(page.url()).origin).toBe(canonical.origin);
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('completed');
  await closePage(page);
});

test('3-D Secure challenge, Fail: failure page, failed in the database', async () => {
  const page = await newPage(browser);
  await challenge(page, '4000000000003220', 'Fail');
  await page.waitForURL('**/payment-failure');
  await page.getByText('Failure Reason').waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('failed');
  await closePage(page);
});

test('3-D Secure passes but the card is declined: failure page', async () => {
  const page = await newPage(browser);
  await challenge(page, '4000008400001629', 'Complete');
  await page.waitForURL('**/payment-failure');
  await page.getByText('Failure Reason').waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('failed');
  await closePage(page);
});

/** The demo modal sends the code typed; the sandbox issuer fails codes ending in 8 or 9 (about 20 %). */
async function demoModal(code: string): Promise<Page> {
  const page = await newPage(browser);
  await payInDialog(await openCardDialog(page), '4000002760003184');
  const modal = page.getByRole('dialog', { name: 'Demo 3D Secure' });
  await modal.waitFor();
  expect(await modal.getByTestId('demo-3ds-countdown').textContent()).toMatch(/^Time remaining: (2:00|1:5\d)$/);
  await modal.getByLabel('OTP').fill(code);
  await modal.getByRole('button', { name: 'Verify & Pay' }).click();
  return page;
}

test('demo 3-D Secure modal, a passing code: success page, completed in the database', async () => {
  const page = await demoModal('123456');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('completed');
  await closePage(page);
});

test('demo 3-D Secure modal, a failing code: failure page, failed in the database', async () => {
  const page = await demoModal('123459');
  await page.waitForURL('**/payment-failure');
  await page.getByText('Failure Reason').waitFor();
  expect(await storedStatus(baseUrl(), await shownTransactionId(page))).toBe('failed');
  await closePage(page);
});
