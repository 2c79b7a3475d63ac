import type { Browser, CDPSession, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { demoAccounts, demoPassword } from '../support/accounts';
import { startServer, stopServer, type RunningServer } from '../support/server';

/**
 * AUTH-17 to AUTH-19, AUTH-22 and AUTH-23 in Chromium, with a virtual authenticator of the DevTools
 * protocol (CTAP2, a discoverable credential, user verification that always succeeds), on a
 * product with REQUIRE_TWO_FACTOR: a new staff member enrols a passkey at the first sign-in, adds
 * another in Settings, signs in with it from the e-mail field's autofill, then with the password
 * and the passkey as the second step, removes it, and is told the passkey is not registered. A
 * server of its own: its PUBLIC_URL names localhost, since no browser takes the suite server's
 * 127.0.0.1 as a relying party, and it requires a second factor.
 *
 * Chromium's virtual authenticator answers a conditional (autofill) request at once with the
 * passkey of the site it holds, as if it were picked, and refuses it at once when it holds none;
 * with its presence simulation off the request waits, as a real browser's does until the person
 * picks.
 */
let browser: Browser;
let server: RunningServer;
// A server's start (migrations and demo data on PGlite) is slow on a busy machine, as shipping-remotes.test.ts finds.
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ REQUIRE_TWO_FACTOR: 'true' }, { publicHost: 'localhost' })]);
}, 120_000);
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

/** The demo super_admin's session: on this product its first sign-in enrols an authenticator app, through the API. */
let superAdmin: Promise<string> | undefined;
const superAdminSession = (): Promise<string> => (superAdmin ??= enrolSuperAdmin());
async function enrolSuperAdmin(): Promise<string> {
  const login = await api('/auth/login', { method: 'POST', body: { email: demoAccounts.super_admin.email, password: demoPassword() } });
  const { challenge } = login.body.data as { challenge: string };
  const setup = await api('/auth/login/two-factor/setup', { method: 'POST', body: { challenge } });
  const secret = Secret.fromBase32((setup.body.data as { secret: string }).secret);
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }).generate();
  const confirmed = await api('/auth/login/two-factor/confirm', { method: 'POST', body: { challenge, code } });
  if (confirmed.status !== 200) throw new Error(`super_admin enrolment: ${JSON.stringify(confirmed.body)}`);
  return (confirmed.body.data as { token: string }).token;
}

async function createStaffMember(): Promise<{ name: string; email: string }> {
  const token = await superAdminSession();
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
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Each navigator.credentials.get() of the page: its mediation, and how it ended (or not yet). */
interface PasskeyRequest {
  mediation: string;
  state: 'pending' | 'resolved' | `rejected ${string}`;
}

/** Records the page's passkey requests for the test to read: a conditional one cannot be seen otherwise. */
async function recordPasskeyRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const requests: PasskeyRequest[] = [];
    Object.assign(window, { passkeyRequests: requests });
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      const request: PasskeyRequest = { mediation: options?.mediation ?? 'optional', state: 'pending' };
      requests.push(request);
      return get(options).then(
        (credential) => ((request.state = 'resolved'), credential),
        (error: Error) => {
          request.state = `rejected ${error.name}`;
          throw error;
        },
      );
    };
  });
}

const passkeyRequests = (page: Page) => page.evaluate(() => (window as unknown as { passkeyRequests: PasskeyRequest[] }).passkeyRequests);

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

test('a new staff member enrols a passkey at the first sign-in, adds another, signs in with it from the autofill and after the password, and removes it', async () => {
  const person = await createStaffMember();
  const page = await newPage(browser, { url: server.baseUrl });
  await recordPasskeyRequests(page);
  let { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const presence = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  // The e-mail field offers passkeys (AUTH-23); the authenticator holds none, so the password goes on to the
  // enrolment this product requires, where a passkey is one of two equal choices (AUTH-22).
  await page.goto('/control/login');
  expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
  // The field's request is under way (its options come from the server) before the password goes.
  await page.waitForFunction(() =>
    (window as unknown as { passkeyRequests: PasskeyRequest[] }).passkeyRequests.some((request) => request.mediation === 'conditional'),
  );
  await passwordStep(page, person.email);
  await page.getByText('Two-factor sign-in is required for your account. Choose how you will confirm it is you, to continue.').waitFor();
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await page.getByLabel(/^Passkey name/).fill('Phone');
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await page.waitForURL('**/control/dashboard');
  await page.getByText('Passkey Added', { exact: true }).waitFor();

  // Another authenticator (a laptop), added in Settings with the password again (AUTH-15, AUTH-17).
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  ({ cdp, authenticatorId } = await addVirtualAuthenticator(page));
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Passkeys' });
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await list.getByRole('listitem').filter({ hasText: 'Phone' }).waitFor();
  await card.getByRole('button', { name: 'Add a Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Passkey' });
  await dialog.getByLabel(/^Name/).fill('Work laptop');
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await list.getByRole('listitem').filter({ hasText: 'Work laptop' }).filter({ hasText: 'Never used' }).waitFor();

  // A passkey alone, picked in the autofill (the virtual authenticator picks at once): no e-mail, no password.
  await signOut(page);
  await page.waitForURL('**/control/dashboard');
  expect((await passkeyRequests(page)).filter((request) => request.mediation === 'conditional').map((r) => r.state)).toEqual([
    'rejected NotAllowedError',
    'resolved',
  ]);

  // The password, then the passkey as the second step. The autofill's request waits meanwhile (no
  // presence), and sending the password aborts it, with nothing on the console.
  await presence(false);
  // The page keeps its requests across the sign-out (no reload): wait for the login page's new one.
  const requestsBefore = (await passkeyRequests(page)).length;
  await signOut(page);
  await page.waitForFunction((before) => {
    const requests = (window as unknown as { passkeyRequests: PasskeyRequest[] }).passkeyRequests;
    return requests.length > before && requests.at(-1)?.mediation === 'conditional';
  }, requestsBefore);
  const errorsBefore = consoleErrors.length;
  await passwordStep(page, person.email);
  await page.getByText('Confirm it is you with one of your passkeys.').waitFor();
  expect((await passkeyRequests(page)).at(-1)).toEqual({ mediation: 'conditional', state: 'rejected AbortError' });
  expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  expect(await page.getByLabel(/^Verification code/).count()).toBe(0);
  await presence(true);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await page.waitForURL('**/control/dashboard');

  // Removed with the password again, it no longer signs in, from the autofill or the button, and the page says why.
  await page.getByRole('link', { name: 'Settings' }).click();
  const item = list.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await item.filter({ hasText: 'Last used' }).waitFor();
  await item.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Passkey' });
  await remove.getByLabel(/^Password/).fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await item.waitFor({ state: 'detached' });
  const refusedByAutofill = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/passkey'));
  await signOut(page);
  expect((await refusedByAutofill).status()).toBe(401);
  await page.getByText('This passkey is not registered').first().waitFor();
  const refusedByButton = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/passkey'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  expect((await refusedByButton).status()).toBe(401);
  expect(page.url()).toContain('/control/login');
  await closePage(page);
}, 120_000);

/** The authenticator's one credential, as the DevTools protocol gives it (its private key included). */
async function onlyCredential(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  return credentials[0]!;
}

test("a copy of a passkey taken before its last use is refused, and another site's passkey is never offered", async () => {
  const person = await createStaffMember();
  const page = await newPage(browser, { url: server.baseUrl });
  await recordPasskeyRequests(page);
  let { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await page.goto('/control/login');
  await passwordStep(page, person.email);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await page.getByLabel(/^Passkey name/).fill('Phone');
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await page.waitForURL('**/control/dashboard');

  // Copied now (key and counter), then used: the passkey signs in from the autofill and its counter moves on.
  const copy = await onlyCredential(cdp, authenticatorId);
  await signOut(page);
  await page.waitForURL('**/control/dashboard');
  expect((await onlyCredential(cdp, authenticatorId)).signCount).toBeGreaterThan(copy.signCount);

  // The copy, on another authenticator, answers with a counter the server has already seen: refused, said on the page.
  const replaced = async (credential: typeof copy) => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    ({ cdp, authenticatorId } = await addVirtualAuthenticator(page));
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  };
  await replaced(copy);
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/login/passkey'));
  await signOut(page);
  expect((await refused).status()).toBe(401);
  await page.getByText('The passkey could not be verified. Please try again.').first().waitFor();
  expect(page.url()).toContain('/control/login');

  // The same key kept for another site: Chromium offers it to that site only, so nothing reaches the server.
  await replaced({ ...copy, rpId: 'paydesk.example', signCount: 1000 });
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login/passkey')) asked += 1;
  });
  await page.reload();
  await page.waitForFunction(() =>
    (window as unknown as { passkeyRequests: PasskeyRequest[] }).passkeyRequests.some(
      (request) => request.mediation === 'conditional' && request.state !== 'pending',
    ),
  );
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForFunction(() =>
    (window as unknown as { passkeyRequests: PasskeyRequest[] }).passkeyRequests.some(
      (request) => request.mediation !== 'conditional' && request.state.startsWith('rejected'),
    ),
  );
  expect(asked).toBe(0);
  expect(page.url()).toContain('/control/login');
  await closePage(page);
}, 120_000);
