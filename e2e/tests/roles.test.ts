import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { chooseOption } from '../support/select';

/**
 * Roles made of permissions, end to end: a super_admin makes a custom role and gives it to a new
 * user, whose menu and buttons show what the role holds; a permission added to the role shows
 * on that user's next page load, without signing out. The Roles tab's screenshots (both themes,
 * a desktop and a phone) land in e2e/artifacts/screenshots/ for a person to look at.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const shots = join(__dirname, '..', 'artifacts', 'screenshots');
const password = 'E2e-password-2026';

async function toast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

/** A call of the signed-in page's own session, as its scripts make them. */
const callAs = (page: Page, path: string, method = 'GET') =>
  page.evaluate(
    async ({ path, method }) => {
      const response = await fetch(path, { method, headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) };
    },
    { path, method },
  );

async function screenshotsOfRoles(page: Page): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // A phone shows each role as a card, a desk a table.
      await page.getByRole(width === 'phone' ? 'list' : 'table', { name: 'Roles' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shots, `roles-${theme}-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'New role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('checkbox', { name: 'Refund payments' }).check();
      await page.screenshot({ path: join(shots, `roles-new-${theme}-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a custom role is made, given to a user, and a permission added to it shows after a reload', async () => {
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
  const supportRow = admin.getByTestId('role-row-support');
  expect(await supportRow.getByRole('cell').allTextContents()).toEqual(['Support', 'Answers payers about their payments', '1', '0', '']);
  await screenshotsOfRoles(admin);

  const email = `support-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
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

  const payments = (await callAs(support, '/api/backend/all-transactions?status=success&per_page=100')).body as {
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

  // Other files share this server and list the roles an admin may give: the role goes again.
  const users = (await callAs(admin, '/api/backend/users')).body as { data: { id: number; email: string }[] };
  const created = users.data.find((user) => user.email === email)!;
  expect((await callAs(admin, `/api/backend/users/${created.id}`, 'DELETE')).status).toBe(200);
  expect((await callAs(admin, '/api/backend/roles/support', 'DELETE')).status).toBe(204);
  await closePage(admin);
});
