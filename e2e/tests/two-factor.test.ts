import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { demoAccounts, demoPassword, signIn } from '../support/accounts';
import { chooseOption } from '../support/select';

/**
 * AUTH-10, AUTH-12, AUTH-13, AUTH-15 in Chromium: a staff member turns on two-factor sign-in from
 * Settings with the password again, signs back in with a code, and a super_admin resets it. The
 * user is made by this test: other browser tests sign in as the demo accounts at the same time.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PASSWORD = 'E2e-two-factor-2026';

/** What the authenticator app shows, `steps` time steps from now (a sign-in after enrolment needs a later step). */
const codeFor = (secret: string, steps = 0): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { data?: unknown } }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

async function createStaffMember(): Promise<{ id: number; name: string; email: string }> {
  const login = await api('/auth/login', { method: 'POST', body: { email: demoAccounts.super_admin.email, password: demoPassword() } });
  const token = (login.body.data as { token: string }).token;
  const person = { name: 'Tess Totp', email: `totp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test` };
  const created = await api('/backend/users', {
    method: 'POST',
    token,
    body: { ...person, password: PASSWORD, role: 'admin', status: 'active' },
  });
  if (created.status !== 201) throw new Error(`create user: ${JSON.stringify(created.body)}`);
  const users = (await api('/backend/users', { token })).body.data as { id: number; email: string }[];
  const id = users.find((user) => user.email === person.email)?.id;
  if (id === undefined) throw new Error('the new user is not listed');
  return { ...person, id };
}

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/control/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Two people's sessions, one sign-in after another: 17 s alone, over a minute in a loaded run. */
const TWO_SESSIONS = 120_000;

test(
  'a staff member turns on two-factor sign-in, signs in with a code, and a super_admin resets it',
  async () => {
    const person = await createStaffMember();
    const page = await newPage(browser);

    // Without a second factor the password is enough.
    await passwordStep(page, person.email);
    await page.waitForURL('**/control/dashboard');
    await page.goto('/control/settings');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off: you sign in with your password only.').waitFor();
    await section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    // The password again (AUTH-15): a wrong one is refused in the dialog, the right one shows the secret.
    const confirmPassword = page.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
    await confirmPassword.getByLabel(/^Password/).fill('Not-the-password-1');
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await confirmPassword.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor();
    await confirmPassword.getByLabel(/^Password/).fill(PASSWORD);
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(await confirmPassword.count()).toBe(0);
    const secret = (await section.getByTestId('two-factor-manual-key').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong first code is refused; the right one turns it on and shows the recovery codes once.
    await section.getByLabel(/^Verification code/).fill(codeFor(secret, 5));
    await section.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Invalid verification code').waitFor();
    await section.getByLabel(/^Verification code/).fill(codeFor(secret));
    await section.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Two-Factor Sign-In On', { exact: true }).waitFor();
    expect(await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await section.getByText(/^On: .* 10 recovery codes left\.$/).waitFor();
    expect(await section.getByTestId('two-factor-manual-key').count()).toBe(0);

    // Signed out, the password alone no longer signs in: the code does.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/control/login');
    await passwordStep(page, person.email);
    await page.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.').waitFor();
    expect(page.url()).toContain('/control/login');
    await page.getByLabel(/^Verification code/).fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/control/dashboard');

    // A super_admin resets it from User Management: the staff member's session ends.
    const admin = await newPage(browser);
    await signIn(admin, 'super_admin');
    await admin.waitForURL('**/control/dashboard');
    await admin.goto('/control/users');
    const row = admin.getByTestId(`user-row-${person.email}`);
    await row.getByRole('button', { name: `Reset two-factor sign-in of ${person.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reset Two-Factor Sign-In' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await admin.getByText('Two-Factor Sign-In Reset', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Reset two-factor sign-in of ${person.name}` }).waitFor({ state: 'detached' });

    await page.goto('/control/settings');
    await page.waitForURL('**/control/login');
    // Back to the password alone.
    await passwordStep(page, person.email);
    await page.waitForURL('**/control/dashboard');

    // The audit trail holds each step, read by the super_admin (AUD-01, AUD-05).
    await admin.goto('/control/audit');
    const trail = admin.getByRole('table', { name: 'Audit log' });
    await trail.waitFor();
    await admin.getByLabel('Actor e-mail').fill(person.email);
    for (const action of ['two_factor.enabled', 'auth.sign_in', 'auth.sign_out']) {
      await trail
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name: action, exact: true }) })
        .first()
        .waitFor();
    }
    await admin.getByLabel('Actor e-mail').fill('');
    await chooseOption(admin.getByRole('combobox', { name: 'Action' }), 'two factor reset');
    await trail
      .getByRole('row')
      .filter({ hasText: `user ${person.id}` })
      .first()
      .waitFor();
    await closePage(admin);
    await closePage(page);
  },
  TWO_SESSIONS,
);
