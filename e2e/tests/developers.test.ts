// The Developers area against the back-office webhooks calls (DEV-01 to DEV-09).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { signIn } from '../support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openDevelopers(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, viewport);
  await signIn(page, 'admin');
  await page.waitForURL('**/control/dashboard');
  await page.goto('/control/developers');
  await page.getByRole('heading', { name: 'Developers' }).waitFor();
  return page;
}

async function addEndpoint(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await dialog.getByRole('checkbox', { name: 'Payment' }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
}

test('on a phone: add an endpoint, see its secret once, roll it with a grace, delete it', async () => {
  const page = await openDevelopers({ width: 390, height: 844 });
  const url = `https://hooks.example.com/paydesk/${Date.now()}`;
  await addEndpoint(page, url);
  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  await shown.getByText('it will not be shown again').waitFor();
  const secret = await shown.getByTestId('signing-secret').innerText();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: url }).click();
  await page.waitForURL('**/control/developers/webhooks/*');
  expect(await page.getByText(secret).count()).toBe(0);

  await page.getByRole('button', { name: 'Roll secret' }).click();
  const roll = page.getByRole('dialog', { name: 'Roll secret' });
  await roll.getByRole('combobox', { name: 'Old secret expires' }).selectOption({ label: '1 hour' });
  await roll.getByRole('button', { name: 'Roll secret' }).click();
  const rolled = page.getByRole('dialog', { name: 'Signing secret' });
  await rolled.getByText(/^The previous secret also signs until/).waitFor();
  expect(await rolled.getByTestId('signing-secret').innerText()).not.toBe(secret);
  await rolled.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete endpoint?' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL('**/control/developers');
  await page.getByRole('heading', { name: 'Developers' }).waitFor();
  expect(await page.getByRole('link', { name: url }).count()).toBe(0);
  await page.context().close();
});

test('an address on this machine is refused beside the URL field', async () => {
  const page = await openDevelopers();
  await addEndpoint(page, 'http://127.0.0.1:9/hooks');
  await page.getByText('This address does not take webhooks: use a public http or https address').waitFor();
  expect(await page.getByRole('dialog', { name: 'Signing secret' }).count()).toBe(0);
  await page.context().close();
});

test('a viewer has no Developers entry, and the address shows Access denied', async () => {
  const page = await newPage(browser);
  await signIn(page, 'viewer');
  await page.waitForURL('**/control/dashboard');
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).count()).toBe(0);
  await page.goto('/control/developers/events');
  await page.getByText('Access denied').waitFor();
  await page.context().close();
});
