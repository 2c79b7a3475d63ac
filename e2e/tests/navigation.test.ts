import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, networkQuiet, newPage } from '../support/browser';
import { demoAccounts, signIn, type DemoRole } from '../support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const navEntries = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim()).filter((t) => t !== 'Settings');
};

const expected: Record<DemoRole, string[]> = {
  super_admin: [
    'Dashboard',
    'Transactions',
    'Disputes',
    'User Management',
    'Audit Log',
    'Cards',
    'Withdrawals',
    'Developers',
    'API keys',
    'Platform',
  ],
  admin: ['Dashboard', 'Transactions', 'Disputes', 'User Management', 'Cards', 'Withdrawals', 'Developers', 'API keys'],
  viewer: ['Dashboard', 'Transactions', 'Disputes', 'Cards'],
};

describe.each(Object.keys(expected) as DemoRole[])('signed in as %s', (role) => {
  test('sees exactly the navigation of the roles table, and the session in every remote', async () => {
    const page = await newPage(browser);
    await signIn(page, role);
    await page.getByText('Login Successful').waitFor();
    await page.getByText('Welcome to the admin panel').waitFor();
    await page.waitForURL('**/control/dashboard');
    expect(await navEntries(page)).toEqual(expected[role]);
    await page.getByTestId('current-user-name').filter({ hasText: demoAccounts[role].name }).waitFor();

    // The dashboard remote reads the same store the shell signed in with: one React, one store.
    await page.getByTestId('signed-in-as').filter({ hasText: demoAccounts[role].name }).waitFor();
    await page.getByRole('link', { name: 'Cards' }).click();
    await page.getByRole('heading', { name: 'Card Management' }).waitFor();
    await page.getByTestId('signed-in-as').filter({ hasText: demoAccounts[role].name }).waitFor();
    await closePage(page);
  });
});

test('a viewer who types the User Management address is refused', async () => {
  const page = await newPage(browser);
  await signIn(page, 'viewer');
  await page.waitForURL('**/control/dashboard');
  await page.goto('/control/users');
  await page.getByText('Access denied').waitFor();
  expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
  await closePage(page);
});

test('a wrong password shows Login Failed and stays on the login page', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin', 'not-the-password-1');
  await page.getByText('Login Failed').waitFor();
  await page.getByText('Invalid username or password').waitFor();
  expect(new URL(page.url()).pathname).toBe('/control/login');
  await closePage(page);
});

test('logout clears the stored session and returns to the login page', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/control/login');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('admin_user')])).toEqual([null, null]);
  await page.goto('/control/dashboard');
  await page.waitForURL('**/control/login');
  await closePage(page);
});

test('on a phone the menu collapses behind a button', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  const cards = page.getByRole('link', { name: 'Cards' });
  expect(await cards.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await cards.click();
  await page.getByRole('heading', { name: 'Card Management' }).waitFor();
  await cards.waitFor({ state: 'hidden' });
  await closePage(page);
});

test('a role changed on the server shows in the menu without signing out', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  // The browser's stored copy claims more than the server says: the server's word wins.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('admin_user') ?? '{}');
    localStorage.setItem('admin_user', JSON.stringify({ ...user, role: 'super_admin', username: 'Someone Else' }));
  });
  await page.reload();
  await page.getByTestId('current-user-name').filter({ hasText: 'Alex Admin' }).waitFor();
  expect(await page.getByTestId('current-user-role').textContent()).toBe('Admin');
  await closePage(page);
});

test("every area runs on the shell's React, router, store and theming core: no remote fetches its own copy", async () => {
  const page = await newPage(browser);
  // A remote's copies of the shared packages are fetched only when the shell lends none of a module
  // (create-config.cjs): the workspace package's are small, the others about 4 to 40 KB gzip each.
  const copies: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/shared-copies-(?!paydesk\.)[^/]*$/.test(pathname)) copies.push(pathname);
  });
  await signIn(page, 'super_admin');
  await page.waitForURL('**/control/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of expected.super_admin) {
    // The area's remote and its first calls.
    const quiet = networkQuiet(page);
    await nav.getByRole('link', { name, exact: true }).click();
    await quiet;
  }
  expect(copies).toEqual([]);
  await closePage(page);
});
