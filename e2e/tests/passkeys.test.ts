import type { Browser, CDPSession, Page } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { demoAccounts, demoPassword } from '../support/accounts';
import { startServer, stopServer, type RunningServer } from '../support/server';

/**
 * AUTH-17 to AUTH-19 in Chromium, with a virtual authenticator of the DevTools protocol (CTAP2, a
 * discoverable credential, user verification that always succeeds): a staff member adds a passkey
 * in Settings, signs in with it alone, then with the password and the passkey as the second step,
 * removes it, and is told the passkey is not registered. A server of its own: its PUBLIC_URL names
 * localhost, since no browser takes the suite server's 127.0.0.1 as a relying party.
 */
let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({}, { publicHost: 'localhost' })]);
});
afterAll(async () => {
  await browser?.close();
  if (server) stopServer(server);
});

const PASSWORD = 'E2e-passkeys-2026';
const direct = () => server.baseUrl.replace('localhost', '127.0.0.1');

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${direct()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

async function createStaffMember(): Promise<{ name: string; email: string }> {
  const login = await api('/auth/login', { method: 'POST', body: { email: demoAccounts.super_admin.email, password: demoPassword() } });
  const token = (login.body.data as { token: string }).token;
  const person = { name: 'Pat Passkey', email: `passkey-${Date.now()}@e2e.test` };
  const created = await api('/backend/users', {
    method: 'POST',
    token,
    body: { ...person, password: PASSWORD, role: 'admin', status: 'active' },
  });
  if (created.status !== 201) throw new Error(`create user: ${JSON.stringify(created.body)}`);
  return person;
}

/** A platform authenticator as a laptop has one: it keeps discoverable keys and verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  // Exact: the name would otherwise match "Sign in with a passkey" too.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/control/login');
};

test('a staff member adds a passkey in Settings, signs in with it alone and after the password, and removes it', async () => {
  const person = await createStaffMember();
  const page = await newPage(browser, { url: server.baseUrl });
  await addVirtualAuthenticator(page);

  await page.goto('/control/login');
  await passwordStep(page, person.email);
  await page.waitForURL('**/control/dashboard');
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByText('You have no passkeys yet.').waitFor();

  // The password again (AUTH-15), then the browser's prompt, which the virtual authenticator answers.
  await card.getByRole('button', { name: 'Add a Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Passkey' });
  await dialog.getByLabel(/^Name/).fill('Work laptop');
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Passkey Added', { exact: true }).waitFor();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await list.getByRole('listitem').filter({ hasText: 'Work laptop' }).filter({ hasText: 'Never used' }).waitFor();

  // A passkey alone: no e-mail, no password.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/control/dashboard');

  // The password, then the passkey as the second step.
  await signOut(page);
  await passwordStep(page, person.email);
  await page.getByText('Confirm it is you with one of your passkeys.').waitFor();
  expect(await page.getByLabel(/^Verification code/).count()).toBe(0);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await page.waitForURL('**/control/dashboard');

  // Removed with the password again, it no longer signs in, and the page says why.
  await page.getByRole('link', { name: 'Settings' }).click();
  const item = list.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await item.filter({ hasText: 'Last used' }).waitFor();
  await item.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Passkey' });
  await remove.getByLabel(/^Password/).fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await card.getByText('You have no passkeys yet.').waitFor();
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByText('This passkey is not registered').waitFor();
  expect(page.url()).toContain('/control/login');
  await closePage(page);
});
