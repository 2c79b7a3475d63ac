import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../support/accounts';
import { launchBrowser, newPage } from '../support/browser';
import { openWidget } from '../support/merchant';
import { openCardDialog, payInDialog } from '../support/payer';

/**
 * Every page, payer and back office, in both themes, has no serious or critical axe-core
 * violation (WCAG 2.1 A and AA rules).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type Theme = 'light' | 'dark';

async function violations(page: Page): Promise<string[]> {
  // Colours are read as painted: a menu or dialog still fading in would fail the contrast rule.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

async function themedPage(theme: Theme): Promise<Page> {
  const page = await newPage(browser);
  // The theme follows the system by default (APP-03).
  await page.emulateMedia({ colorScheme: theme });
  return page;
}

describe.each<Theme>(['light', 'dark'])('in the %s theme', (theme) => {
  test('the payer pages', async () => {
    const page = await themedPage(theme);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
    expect(await violations(page)).toEqual([]);
    const dialog = await openCardDialog(page);
    await dialog.getByLabel(/^Card Number/).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto('/no-such-page');
    await page.getByText('Oops! Page not found').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  test('the payment flow: the widget, 3-D Secure, and the success, pending and failure pages', async () => {
    const page = await themedPage(theme);
    const found: Record<string, string[]> = {};
    const popup = await openWidget(page);
    await popup.emulateMedia({ colorScheme: theme });
    found.widget = await violations(popup);
    await page.goto('/');
    await payInDialog(await openCardDialog(page), '4000000000003220');
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('heading', { name: 'Verify your payment' }).waitFor();
    found['3-D Secure'] = await violations(page);
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL('**/payment-success');
    await page.getByTestId('payment-status').waitFor();
    found.success = await violations(page);
    for (const [card, result] of [
      ['4000000000007205', 'pending'],
      ['4000000000000002', 'failure'],
    ] as const) {
      await page.goto('/');
      await payInDialog(await openCardDialog(page), card);
      await page.waitForURL(`**/payment-${result}**`);
      await page.getByTestId('transaction-id').waitFor();
      found[result] = await violations(page);
    }
    expect(found).toEqual({ widget: [], '3-D Secure': [], success: [], pending: [], failure: [] });
    await page.context().close();
  });

  /** Signs in as super_admin and reads each page once its heading, lists and figures are in. */
  async function backOfficeViolations(pages: readonly (readonly [path: string, heading: string])[]): Promise<Record<string, string[]>> {
    const page = await themedPage(theme);
    await signIn(page, 'super_admin');
    await page.waitForURL('**/control/dashboard');
    const found: Record<string, string[]> = {};
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      // Lists and figures have arrived: the page as a user reads it.
      await page.waitForLoadState('networkidle');
      found[path] = await violations(page);
    }
    await page.context().close();
    return found;
  }
  const noneOn = (found: Record<string, string[]>) => Object.fromEntries(Object.keys(found).map((path) => [path, []]));

  // Two tests, each within its time limit on a loaded machine: every page is read either way.
  test("the sign-in page and the back office's main pages", async () => {
    const page = await themedPage(theme);
    await page.goto('/control/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
    const found = await backOfficeViolations([
      ['/control/dashboard', 'Dashboard'],
      ['/control/transactions', 'Transaction Monitoring'],
      ['/control/users', 'User Management'],
      ['/control/cards', 'Card Management'],
      ['/control/withdrawals', 'Withdrawals'],
    ]);
    expect(found).toEqual(noneOn(found));
  });

  test("the back office's other pages and a payment's details", async () => {
    const found = await backOfficeViolations([
      ['/control/settings', 'Settings'],
      ['/control/audit', 'Audit Log'],
      ['/control/developers/events', 'Developers'],
      ['/control/developers/api-keys', 'Developers'],
      ['/control/developers/requests', 'Developers'],
    ]);
    const page = await themedPage(theme);
    await signIn(page, 'super_admin');
    await page.waitForURL('**/control/dashboard');
    await page.goto('/control/transactions');
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    await page.waitForLoadState('networkidle');
    found['/control/transactions/{id}'] = await violations(page);
    expect(found).toEqual(noneOn(found));
    await page.context().close();
  });

  test("MUI's Tabs and an open Select menu in remotes (PLAT-14)", async () => {
    const page = await themedPage(theme);
    await signIn(page, 'super_admin');
    await page.waitForURL('**/control/dashboard');
    const found: Record<string, string[]> = {};
    await page.goto('/control/developers');
    await page.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
    await page.waitForLoadState('networkidle');
    found['/control/developers'] = await violations(page);
    await page.goto('/control/transactions');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'All Status' }).waitFor();
    found['/control/transactions, Status menu open'] = await violations(page);
    expect(found).toEqual({ '/control/developers': [], '/control/transactions, Status menu open': [] });
    await page.context().close();
  });
});
