import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';

/**
 * The payer's way by keyboard alone (PAY-17): Tab between the fields, Enter to go on; the card
 * dialog keeps focus while open and gives it back to Pay when closed; an error toast is an alert.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const label = element?.labels?.[0]?.textContent;
    return element?.getAttribute('aria-label') ?? label?.replace(/\s*\*\s*$/, '') ?? element?.textContent ?? '';
  });

/** Fills the pay form with Tab and typing only, then presses Enter in the Amount field. */
async function fillByKeyboard(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
  for (const value of ['Pat', 'Payer', 'pat@example.com', '+15550100', '42.50']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  expect(await focusedName(page)).toMatch(/^Amount/);
  await page.keyboard.press('Enter');
}

test('fill the form and pay with 4242… by keyboard alone, ending on the receipt', async () => {
  const page = await newPage(browser);
  await fillByKeyboard(page);
  const dialog = page.getByRole('dialog', { name: 'Card Payment' });
  await dialog.waitFor();
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toMatch(/^Card Number/);
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`12${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  await closePage(page);
});

test('the card dialog keeps focus inside while open; Escape closes it and focus is on Pay', async () => {
  const page = await newPage(browser);
  await fillByKeyboard(page);
  const dialog = page.getByRole('dialog', { name: 'Card Payment' });
  await dialog.waitFor();
  const inside: boolean[] = [];
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    inside.push(await dialog.evaluate((element) => element.contains(document.activeElement)));
  }
  expect(inside).toEqual(Array(8).fill(true));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await focusedName(page)).toBe('Pay $42.50');
  // Enter on Pay opens it again.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await closePage(page);
});

test('an error toast is announced: it is in an element with role alert', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Missing Information' });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('Please fill in all required fields');
  await closePage(page);
});
