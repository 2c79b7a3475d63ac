import type { Browser } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { signIn } from '../support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('an unauthenticated visit to /control goes to the login page', async () => {
  const page = await newPage(browser);
  await page.goto('/control/transactions');
  await page.waitForURL('**/control/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await closePage(page);
});

test('a signed-in user who opens the login page goes to the dashboard', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  await page.goto('/control/login');
  await page.waitForURL('**/control/dashboard');
  await closePage(page);
});

test('a tampered token sends the user to the login page with the session-expired toast', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  // The token is forged in the reloaded document, before its scripts run: forged in the signed-in
  // page, a dashboard call still starting there would end that session before the reload.
  await page.addInitScript(() => {
    const token = localStorage.getItem('token');
    if (token === null || sessionStorage.getItem('forged') !== null) return;
    sessionStorage.setItem('forged', 'yes');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    claims.sub = String(Number(claims.sub) + 1);
    const forged = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    localStorage.setItem('token', `${header}.${forged}.${signature}`);
  });
  // Watch for the toast before reloading: it lives for 4 s, which a busy machine can outlast.
  const toast = page.getByText('Your session has expired. Please log in again.').waitFor();
  await page.reload();
  try {
    await Promise.all([toast, page.waitForURL('**/control/login')]);
  } catch (error) {
    await page.screenshot({ path: '/tmp/tampered-token-failure.png' });
    throw new Error(`Still at ${page.url()}: ${String(error)}`, { cause: error });
  }
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await closePage(page);
});

test('unknown paths show the 404 page with a link home, with a 404 status', async () => {
  const page = await newPage(browser);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.getByText('Oops! Page not found').waitFor();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
  await closePage(page);
});

test('settings save is simulated and says Settings Saved', async () => {
  const page = await newPage(browser);
  await signIn(page, 'viewer');
  await page.waitForURL('**/control/dashboard');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByText('v1.0.0').waitFor();
  await page.getByText('Production').waitFor();
  await page.getByLabel('Site Name').fill('Acme Payments');
  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings Saved').waitFor();
  expect(calls.filter((u) => u.includes('/api/'))).toEqual([]);
  await page.reload();
  expect(await page.getByLabel('Site Name').inputValue()).toBe('Acme Payments');
  await closePage(page);
});
