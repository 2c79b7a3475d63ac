import type { Browser } from 'playwright-core';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Other e2e files share the server: the account made here has an address of its own. */
const uniqueEmail = (label: string): string => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

test('a super_admin finds a user they just created in the Audit Log, filtered by action (AUD-05)', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'super_admin', '/control/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'User Management' }).click();
  await page.getByRole('table', { name: 'Admin Users' }).waitFor();
  const email = uniqueEmail('audited');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel(/^Name/).fill('Audra Audited');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill('E2e-password-2026');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await page.getByText('User Added', { exact: true }).waitFor();

  await nav.getByRole('link', { name: 'Audit Log' }).click();
  await page.waitForURL('**/control/audit');
  await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
  const table = page.getByRole('table', { name: 'Audit log' });
  await table.waitFor();
  const filtered = page.waitForResponse((r) => r.url().includes('/api/backend/audit?') && r.url().includes('action=user.created'));
  await chooseOption(page.getByRole('combobox', { name: 'Action' }), 'user created');
  await filtered;
  // Filtered by action: once the page shows the answer, every row is a user.created entry.
  const actionCells = table.locator('tbody tr td:nth-child(3)');
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('table[aria-label="Audit log"] tbody tr td:nth-child(3)')];
    return cells.length > 0 && cells.every((cell) => cell.textContent === 'user.created');
  });
  expect(new Set(await actionCells.allTextContents())).toEqual(new Set(['user.created']));
  const created = table.getByRole('row').filter({ hasText: `email: ${email}` });
  await created.waitFor();
  expect(await created.getByRole('cell').nth(1).textContent()).toBe('superadmin@paydesk.test');
  await closePage(page);
}, 60_000);

test('an admin has no Audit Log in the menu', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'admin', '/control/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'User Management' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
  await closePage(page);
}, 60_000);

test.each([
  ['on a desk (1366 px), the four filters share one row', { width: 1366, height: 768 }, true],
  ['on a phone (390 px), each filter takes a row of its own', { width: 390, height: 844 }, false],
])(
  '%s; the rows selector is as wide as its choices',
  async (_name, viewport, oneRow) => {
    const page = await newPage(browser, { viewport });
    await openSignedIn(page, 'super_admin', '/control/audit');
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    const row = (await page.getByTestId('audit-filters').boundingBox())!;
    const cells = await Promise.all(
      [
        page.getByLabel('Actor e-mail'),
        page.getByRole('combobox', { name: 'Action' }),
        page.getByLabel('From', { exact: true }),
        page.getByLabel('To', { exact: true }),
      ].map(async (field) => (await field.boundingBox())!),
    );
    if (oneRow) {
      expect(new Set(cells.map((cell) => Math.round(cell.y))).size).toBe(1);
    } else {
      for (let i = 1; i < cells.length; i += 1) expect(cells[i]!.y).toBeGreaterThan(cells[i - 1]!.y + cells[i - 1]!.height);
      // Each as wide as the row, less the field's own padding: a phone's width is used, not cut.
      for (const cell of cells) expect(cell.width).toBeGreaterThan(row.width * 0.75);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    const rows = (await page.getByTestId('audit-rows').boundingBox())!;
    expect(rows.width).toBeLessThan(240);
    await closePage(page);
  },
  60_000,
);
