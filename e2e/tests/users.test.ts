import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn, type DemoRole } from '../support/accounts';
import { chooseOption, optionsOf } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Other e2e files share the server: every account made here has an address of its own. */
const uniqueEmail = (label: string): string => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

async function openUserManagement(role: DemoRole): Promise<Page> {
  const page = await newPage(browser);
  await openSignedIn(page, role, '/control/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User Management' }).click();
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await page.getByRole('table', { name: 'Admin Users' }).waitFor();
  return page;
}

const row = (page: Page, email: string) => page.getByTestId(`user-row-${email}`);

async function choose(page: Page, field: string, option: string): Promise<void> {
  await chooseOption(page.getByRole('dialog').getByRole('combobox', { name: field }), option);
}

async function addUser(page: Page, name: string, email: string, role?: string): Promise<void> {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Email/).fill(email);
  if (role) await choose(page, 'Role', role);
  await dialog.getByLabel(/^Password/).fill('E2e-password-2026');
  await dialog.getByRole('button', { name: 'Add User' }).click();
}

test('a super_admin adds, edits and deletes a user through the dialogs', async () => {
  const page = await openUserManagement('super_admin');
  const email = uniqueEmail('added');

  await addUser(page, 'Eve Added', email, 'Admin');
  await page.getByText('User Added', { exact: true }).waitFor();
  await row(page, email).getByText('Eve Added').waitFor();
  expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Username', 'Email', 'Role', 'Status', 'Actions']);
  expect(await row(page, email).getByRole('cell').allTextContents()).toEqual(['Eve Added', email, 'Admin', 'Active', '']);

  await row(page, email).getByRole('button', { name: 'Edit Eve Added' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  expect(await edit.getByLabel(/^Password/).count()).toBe(0);
  await edit.getByLabel(/^Name/).fill('Eve Edited');
  await choose(page, 'Status', 'Suspended');
  await edit.getByRole('button', { name: 'Update User' }).click();
  await edit.getByRole('button', { name: 'Updating...' }).waitFor();
  await page.getByText('User Updated', { exact: true }).waitFor();
  await row(page, email).getByText('Eve Edited').waitFor();
  await row(page, email).getByText('Suspended').waitFor();

  await row(page, email).getByRole('button', { name: 'Delete Eve Edited' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await confirm.getByText('Are you sure you want to delete Eve Edited? This action cannot be undone.').waitFor();
  expect(await confirm.getByRole('button').allTextContents()).toEqual(['Cancel', 'Confirm']);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('User Deleted', { exact: true }).waitFor();
  await row(page, email).waitFor({ state: 'detached' });
  await closePage(page);
});

test('a refused add shows the Error toast with the server message and keeps the dialog', async () => {
  const page = await openUserManagement('admin');
  await addUser(page, 'Copy Cat', 'VIEWER@paydesk.test');
  await page.getByText('A user with this email already exists').waitFor();
  await page.getByText('Error', { exact: true }).waitFor();
  await page.getByRole('dialog', { name: 'Add User' }).waitFor();
  await closePage(page);
});

test('an admin may not touch super_admin accounts nor assign that role', async () => {
  const page = await openUserManagement('admin');
  await row(page, 'superadmin@paydesk.test').waitFor();
  expect(await row(page, 'superadmin@paydesk.test').getByRole('button').count()).toBe(0);
  await page.getByRole('button', { name: 'Add User' }).click();
  const roles = page.getByRole('dialog', { name: 'Add User' }).getByRole('combobox', { name: 'Role' });
  // The built-in roles offered; a custom role another test creates meanwhile may be offered too.
  const offered = await optionsOf(roles);
  expect(offered.filter((name) => ['Super Admin', 'Admin', 'Viewer'].includes(name))).toEqual(['Admin', 'Viewer']);
  await closePage(page);
});

test('a viewer never sees the menu entry, and a direct visit is refused', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'viewer', '/control/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  expect(await nav.getByRole('link', { name: 'User Management' }).count()).toBe(0);
  await page.goto('/control/users');
  await page.getByText('Access denied').waitFor();
  expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/backend/users', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return response.status;
  });
  expect(status).toBe(403);
  await closePage(page);
});
