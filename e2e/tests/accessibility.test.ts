import type { Browser, Page } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { seriousViolations, type Theme } from '../support/axe';
import { baseUrl, closePage, launchBrowser, networkQuiet, newPage } from '../support/browser';
import { openWidget } from '../support/merchant';
import { adminToken, openCardDialog, payInDialog } from '../support/payer';

/**
 * Every page, payer and back office, has no serious or critical axe-core violation of the WCAG 2.1
 * A and AA rules, and none of the colour rules in either theme.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * An inquiry opened by hand (demo mode) on a small demo payment nothing has refunded or disputed,
 * for the dispute's page: it moves no money, and the refunds test takes payments of $10 or more.
 */
async function newInquiry(): Promise<string> {
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = { authorization: `Bearer ${await adminToken(baseUrl())}`, 'content-type': 'application/json' };
    const response = await fetch(`${baseUrl()}${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const { data } = (await call('/api/backend/all-transactions?status=success&per_page=100')) as {
    data: { transaction_id: string; payment_amount: string; amount_refunded: string }[];
  };
  const payment = data.find((t) => t.amount_refunded === '0.00' && Number(t.payment_amount) < 10);
  if (!payment) throw new Error('no small demo payment to open an inquiry on');
  const opened = (await call(`/api/backend/transactions/${payment.transaction_id}/dispute`, {
    method: 'POST',
    body: JSON.stringify({ reason: 'product_not_received', inquiry: true }),
  })) as { id: string };
  return opened.id;
}

/** Waits until every document of the page paints in `theme`: the app follows the system's scheme live (APP-03). */
async function paintIn(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // The app's documents (the page, the 3-D Secure frame) mark their scheme as a class on <html>.
  for (const frame of page.frames())
    await frame.waitForFunction((scheme) => {
      const marks = document.documentElement.classList;
      return marks.contains(scheme) || !(marks.contains('light') || marks.contains('dark'));
    }, theme);
  // Colours are read as painted: a menu, a dialog or a theme still fading in would fail the contrast rule.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function themeViolations(page: Page, theme: Theme): Promise<string[]> {
  await paintIn(page, theme);
  return (await seriousViolations(page, theme)).map((line) => `${theme}: ${line}`);
}

/** The page as it is, read in both themes (left in the light one): one load serves both. */
async function violations(page: Page): Promise<string[]> {
  const dark = await themeViolations(page, 'dark');
  return [...(await themeViolations(page, 'light')), ...dark];
}

/** Goes to `path` as the app's own links do: the router follows the history entry, the page stays loaded. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Each test reads its pages in both themes, on a machine running other tests beside it. */
const BOTH_THEMES = 180_000;

describe('in the light and the dark theme', () => {
  test(
    'the payer pages',
    async () => {
      const page = await newPage(browser);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
      expect(await violations(page)).toEqual([]);
      const dialog = await openCardDialog(page);
      await dialog.getByLabel(/^Card Number/).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto('/no-such-page');
      await page.getByText('Oops! Page not found').waitFor();
      expect(await violations(page)).toEqual([]);
      await closePage(page);
    },
    BOTH_THEMES,
  );

  test(
    'the payment flow: the widget, 3-D Secure, and the success, pending and failure pages',
    async () => {
      const page = await newPage(browser);
      const found: Record<string, string[]> = {};
      const popup = await openWidget(page);
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
      await closePage(page);
    },
    BOTH_THEMES,
  );

  /**
   * Signs in as super_admin and reads each page once its heading, lists and figures are in. Pages
   * are reached inside the app, as a click on the menu does, not by loading the shell again.
   */
  async function backOfficeViolations(pages: readonly (readonly [path: string, heading: string])[]): Promise<Record<string, string[]>> {
    const page = await newPage(browser);
    await openSignedIn(page, 'super_admin', '/control/dashboard');
    const found: Record<string, string[]> = {};
    for (const [path, heading] of pages) {
      const quiet = networkQuiet(page);
      await navigateInApp(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      // Lists and figures have arrived: the page as a user reads it.
      await quiet;
      found[path] = await violations(page);
    }
    await closePage(page);
    return found;
  }
  const noneOn = (found: Record<string, string[]>) => Object.fromEntries(Object.keys(found).map((path) => [path, []]));

  // Two tests, each within its time limit on a loaded machine: every page is read either way.
  test(
    "the sign-in page and the back office's main pages",
    async () => {
      const page = await newPage(browser);
      await page.goto('/control/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await closePage(page);
      const found = await backOfficeViolations([
        ['/control/dashboard', 'Dashboard'],
        ['/control/transactions', 'Transaction Monitoring'],
        ['/control/users', 'User Management'],
        ['/control/cards', 'Card Management'],
        ['/control/withdrawals', 'Withdrawals'],
      ]);
      expect(found).toEqual(noneOn(found));
    },
    BOTH_THEMES,
  );

  test(
    "the back office's disputes, settings and audit pages",
    async () => {
      const inquiry = await newInquiry();
      const found = await backOfficeViolations([
        ['/control/disputes', 'Disputes'],
        [`/control/disputes/${inquiry}`, 'Inquiry'],
        ['/control/settings', 'Settings'],
        ['/control/audit', 'Audit Log'],
      ]);
      expect(found).toEqual(noneOn(found));
    },
    BOTH_THEMES,
  );

  test(
    "the Developers and Platform pages and a payment's details",
    async () => {
      const found = await backOfficeViolations([
        ['/control/developers/events', 'Developers'],
        ['/control/developers/api-keys', 'Developers'],
        ['/control/developers/requests', 'Developers'],
        ['/control/platform', 'Platform'],
        ['/control/platform/remotes/mf_platform', 'mf_platform'],
      ]);
      const page = await newPage(browser);
      await openSignedIn(page, 'super_admin', '/control/dashboard');
      await navigateInApp(page, '/control/transactions');
      const quiet = networkQuiet(page);
      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
      await quiet;
      found['/control/transactions/{id}'] = await violations(page);
      expect(found).toEqual(noneOn(found));
      await closePage(page);
    },
    BOTH_THEMES,
  );

  test(
    "MUI's Tabs and an open Select menu in remotes (PLAT-14)",
    async () => {
      const page = await newPage(browser);
      await openSignedIn(page, 'super_admin', '/control/dashboard');
      const found: Record<string, string[]> = {};
      const quiet = networkQuiet(page);
      await navigateInApp(page, '/control/developers');
      await page.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
      await quiet;
      found['/control/developers'] = await violations(page);
      await navigateInApp(page, '/control/transactions');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('listbox').getByRole('option', { name: 'All Status' }).waitFor();
      found['/control/transactions, Status menu open'] = await violations(page);
      expect(found).toEqual({ '/control/developers': [], '/control/transactions, Status menu open': [] });
      await closePage(page);
    },
    BOTH_THEMES,
  );
});
