import type { Page } from 'playwright-core';

export type DemoRole = 'super_admin' | 'admin' | 'viewer';

/** The demo accounts the server seeds in demo mode (README, Demo accounts). */
export const demoAccounts: Record<DemoRole, { email: string; name: string }> = {
  super_admin: { email: 'superadmin@paydesk.test', name: 'Sam Super' },
  admin: { email: 'admin@paydesk.test', name: 'Alex Admin' },
  viewer: { email: 'viewer@paydesk.test', name: 'Vic Viewer' },
};

export const demoPassword = (): string => process.env.DEMO_PASSWORD ?? 'Paydesk-demo-2026';

export async function signIn(page: Page, role: DemoRole, password = demoPassword()): Promise<void> {
  await page.goto('/control/login');
  await page.getByLabel('Email').fill(demoAccounts[role].email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens `path` signed in as `role`, as a signed-in tab that is reloaded: the session comes from the
 * sign-in API and is stored where the shell keeps it. Skips the sign-in page and the dashboard it
 * lands on, a second of browser CPU each; signing in through the page is tested in session,
 * navigation and two-factor tests.
 */
export async function openSignedIn(page: Page, role: DemoRole, path: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email: demoAccounts[role].email, password: demoPassword() } });
  if (!response.ok()) throw new Error(`sign-in of ${role} through the API answered ${response.status()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { id: number; name: string; role: string; email: string } } };
  // As the sign-in page stores it (shared/src/session/storage.ts): the user's name as `username`.
  const { id, name, role: userRole, email } = data.user;
  const session = { token: data.token, user: JSON.stringify({ id, username: name, role: userRole, email }) };
  // A document of the product's origin, without scripts, to write its local storage from.
  await page.goto('/healthz');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('admin_user', user);
  }, session);
  await page.goto(path);
}
