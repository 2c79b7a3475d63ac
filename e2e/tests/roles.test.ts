import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, demoPassword, openSignedIn } from '../support/accounts';
import { seriousViolations, type Theme } from '../support/axe';
import { baseUrl, closePage, fitsTheWidth, launchBrowser, newPage } from '../support/browser';
import { chooseOption } from '../support/select';

/**
 * Roles made of permissions, end to end: a super_admin makes a custom role and gives it to a new
 * user, whose menu and buttons show what the role holds; a permission added to the role shows
 * on that user's next page load, without signing out. The Roles tab and its form pass axe-core as
 * the accessibility test reads pages (WCAG 2.1 A and AA; the colour rules in the dark theme), and
 * their screenshots (both themes, a desk and a phone) land in e2e/artifacts/screenshots/.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** The user this file makes: other files share this server and list the roles an admin may give, so it and its role go at the end. */
let madeUser: string | undefined;

/** A call as the demo super_admin, outside any page. */
async function asSuperAdmin(path: string, method = 'GET'): Promise<Response> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.super_admin.email, password: demoPassword() }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return fetch(`${baseUrl()}${path}`, { method, headers: { authorization: `Bearer ${data.token}` } });
}

afterAll(async () => {
  await browser.close();
  if (!madeUser) return;
  const { data } = (await (await asSuperAdmin('/api/backend/users')).json()) as { data: { id: number; email: string }[] };
  const user = data.find((row) => row.email === madeUser);
  if (user) await asSuperAdmin(`/api/backend/users/${user.id}`, 'DELETE');
  await asSuperAdmin('/api/backend/roles/support', 'DELETE');
});

/** Each test here makes or reads several pages on a machine running other tests beside it. */
const FLOW = 90_000;

const shots = join(__dirname, '..', 'artifacts', 'screenshots');
const password = 'E2e-password-2026';

async function toast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

/** A GET of the signed-in page's own session, as its scripts make them. */
const getAs = (page: Page, path: string): Promise<unknown> =>
  page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await response.json()) as unknown;
  }, path);

/** The serious and critical axe-core violations of the page as painted in `theme`, as e2e/tests/accessibility.test.ts reads them. */
async function violations(page: Page, theme: Theme, where: string): Promise<string[]> {
  // The app follows the system's scheme live: wait until the page's background has turned, and nothing fades in.
  await page.waitForFunction((dark) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return r + g + b < 384 === dark;
  }, theme === 'dark');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  return (await seriousViolations(page, theme)).map((line) => `${where}, ${theme}: ${line}`);
}

async function screenshotsOfRoles(page: Page): Promise<void> {
  const found: string[] = [];
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const satisfies Theme[]) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // A phone shows each role as a card, a desk a table.
      await page.getByRole(width === 'phone' ? 'list' : 'table', { name: 'Roles' }).waitFor();
      expect(await fitsTheWidth(page)).toBe(true);
      if (width === 'desktop') found.push(...(await violations(page, theme, 'Roles tab')));
      await page.screenshot({ path: join(shots, `roles-${theme}-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'New role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('checkbox', { name: 'Refund payments' }).check();
      if (width === 'desktop') found.push(...(await violations(page, theme, 'New role')));
      await page.screenshot({ path: join(shots, `roles-new-${theme}-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(found).toEqual([]);
}

test(
  'a custom role is made, given to a user, and a permission added to it shows after a reload',
  async () => {
    const admin = await newPage(browser);
    await openSignedIn(admin, 'super_admin', '/control/users?tab=roles');
    const roles = admin.getByRole('table', { name: 'Roles' });
    await roles.getByText('Viewer').waitFor();

    await admin.getByRole('button', { name: 'New role' }).click();
    const create = admin.getByRole('dialog', { name: 'New role' });
    await create.getByLabel(/^Name/).fill('Support');
    await create.getByLabel(/^Description/).fill('Answers payers about their payments');
    await create.getByRole('checkbox', { name: 'View transactions' }).check();
    await create.getByRole('button', { name: 'Create role' }).click();
    await toast(admin, 'Role Created');
    // The list refetches after the toast: the new row comes with it.
    const supportRow = admin.getByTestId('role-row-support');
    await supportRow.waitFor();
    expect(await supportRow.getByRole('cell').allTextContents()).toEqual(['Support', 'Answers payers about their payments', '1', '0', '']);

    const email = `support-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
    madeUser = email;
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('table', { name: 'Admin Users' }).waitFor();
    await admin.getByRole('button', { name: 'Add User' }).click();
    const add = admin.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel(/^Name/).fill('Sue Support');
    await add.getByLabel(/^Email/).fill(email);
    await chooseOption(add.getByRole('combobox', { name: 'Role' }), 'Support');
    await add.getByLabel(/^Password/).fill(password);
    await add.getByRole('button', { name: 'Add User' }).click();
    await toast(admin, 'User Added');
    expect(await admin.getByTestId(`user-row-${email}`).getByRole('cell').nth(2).textContent()).toBe('Support');

    // The new user signs in at the sign-in page, in a session of their own: no dashboard for them,
    // so they land on the one page the role opens.
    const support = await newPage(browser, { isolated: true });
    await support.goto('/control/login');
    await support.getByLabel('Email').fill(email);
    await support.getByLabel(/^Password/).fill(password);
    await support.getByRole('button', { name: 'Sign In' }).click();
    await support.getByRole('heading', { name: 'Transaction Monitoring' }).waitFor();
    const menu = support.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Transactions']);
    expect(await support.getByTestId('current-user-role').textContent()).toBe('Support');

    const payments = (await getAs(support, '/api/backend/all-transactions?status=success&per_page=100')) as {
      data: { data: { id: number; amount_refunded: string }[] };
    };
    const payment = payments.data.data.find((row) => row.amount_refunded === '0.00')!;
    await support.goto(`/control/transactions/${payment.id}`);
    await support.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    await support.getByRole('region', { name: 'Payment Information' }).waitFor();
    expect(await support.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);

    await admin.getByRole('tab', { name: 'Roles' }).click();
    await admin.getByRole('button', { name: 'Edit Support' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit role Support' });
    await edit.getByRole('checkbox', { name: 'Refund payments' }).check();
    // What refunding implies is held with it: it cannot be unchecked alone.
    expect(await edit.getByRole('checkbox', { name: 'View transactions' }).isDisabled()).toBe(true);
    await edit.getByRole('button', { name: 'Save role' }).click();
    await toast(admin, 'Role Updated');
    await supportRow.getByRole('cell').nth(2).getByText('2').waitFor();

    await support.reload();
    await support.getByRole('button', { name: 'Refund', exact: true }).waitFor();
    expect(await support.getByTestId('current-user-name').textContent()).toBe('Sue Support');
    await closePage(support);

    await closePage(admin);
  },
  FLOW,
);

test(
  'the Roles tab and its form pass axe-core in both themes, and hold a phone width',
  async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super_admin', '/control/users?tab=roles');
    await page.getByRole('table', { name: 'Roles' }).getByText('Viewer').waitFor();
    await screenshotsOfRoles(page);
    await closePage(page);
  },
  FLOW,
);
