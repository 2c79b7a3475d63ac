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
