// The Platform area (mf-platform) against the release registry: the remotes, their pages, deploy tokens.
import type { Browser, Page } from 'playwright-core';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { openSignedIn } from '../support/accounts';
import { closePage, launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a super_admin opens Platform from the menu and sees every local remote live, then one remote and its history', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'super_admin', '/control/dashboard');
  await mainMenu(page).getByRole('link', { name: 'Platform' }).click();
  await page.waitForURL('**/control/platform');
  await page.getByRole('heading', { name: 'Platform', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Remotes' });
  await table.waitFor();
  // The demo data releases every remote built in the checkout as 1.0.0, live.
  for (const { name } of remotePackages) {
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('1.0.0');
  }

  await table.getByRole('link', { name: 'mf_platform', exact: true }).click();
  await page.waitForURL('**/control/platform/remotes/mf_platform');
  await page.getByRole('heading', { name: 'mf_platform', level: 1 }).waitFor();
  const history = page.getByRole('table', { name: 'Releases' });
  await history.getByRole('row').filter({ hasText: '1.0.0' }).filter({ hasText: 'Live' }).waitFor();
  // The first live release has none before it to return to.
  expect(await page.getByRole('button', { name: 'Roll back' }).isDisabled()).toBe(true);
  await closePage(page);
});

test('on a phone, a super_admin creates a deploy token, sees it once, then revokes it', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await openSignedIn(page, 'super_admin', '/control/platform');
  await page.getByRole('tab', { name: 'Deploy tokens' }).click();
  await page.waitForURL('**/control/platform/deploy-tokens');
  await page.getByRole('button', { name: 'Create token' }).click();
  const create = page.getByRole('dialog', { name: 'Create token' });
  // The released remotes are offered; the list is MUI's, opened as a user does.
  await create.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'mf_cards', exact: true }).click();
  await create.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Deploy token for mf_cards' });
  await shown.getByText('it will not be shown again').waitFor();
  const token = await shown.getByTestId('deploy-token-secret').innerText();
  expect(token).toMatch(/^pdt_\S{20,}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });

  // Listed by its prefix alone: the token is nowhere in the page, nor after a reload.
  const table = page.getByRole('table', { name: 'Deploy tokens' });
  const row = table.getByRole('row').filter({ hasText: 'mf_cards' }).filter({ hasText: 'Active' }).first();
  const prefix = (await row.getByRole('cell').nth(1).innerText()).replace(/…$/, '');
  expect(token.startsWith(prefix)).toBe(true);
  expect(await page.getByText(token).count()).toBe(0);
  await page.reload();
  await table.waitFor();
  expect(await page.content()).not.toContain(token);

  await table.getByRole('button', { name: `Revoke ${prefix}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${prefix}…?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByText('Deploy token revoked').waitFor();
  await table.getByRole('row').filter({ hasText: prefix }).filter({ hasText: 'Revoked' }).waitFor();
  await closePage(page);
});

test('an admin has no Platform entry, and the address shows Access denied', async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'admin', '/control/dashboard');
  await mainMenu(page).getByRole('link', { name: 'Developers' }).waitFor();
  expect(await mainMenu(page).getByRole('link', { name: 'Platform' }).count()).toBe(0);
  await page.goto('/control/platform');
  await page.getByText('Access denied').waitFor();
  expect(await page.getByRole('heading', { name: 'Platform' }).count()).toBe(0);
  await closePage(page);
});
