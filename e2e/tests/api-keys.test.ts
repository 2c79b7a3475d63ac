// The Developers area's API keys and request log against the real server (KEY-01 to KEY-12).
import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openApiKeys(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await openSignedIn(page, 'admin', '/control/developers/api-keys');
  await page.getByRole('button', { name: 'Create key' }).waitFor();
  return page;
}

const createCheckout = (key: string) =>
  fetch(`${baseUrl()}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `e2e-${Date.now()}` },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 12.5 }),
  });

test('on a phone: create a secret key, see it once, call the API with it, revoke it', async () => {
  const page = await openApiKeys({ width: 390, height: 844 });
  const name = `Shop server ${Date.now()}`;
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseOption(form.getByRole('combobox', { name: 'Kind' }), 'Secret key (your server)');
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: `Secret key: ${name}` });
  await shown.getByText('it will not be shown again').waitFor();
  const secret = await shown.getByTestId('api-key-secret').innerText();
  expect(secret).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
  await page.getByText('API Key Created', { exact: true }).waitFor();
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });

  // After a reload the key is there by its prefix only.
  await page.reload();
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await row.waitFor();
  await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
  expect(await page.content()).not.toContain(secret);

  // The merchant's server uses the new key.
  const created = await createCheckout(secret);
  expect(created.status).toBe(201);
  expect(((await created.json()) as { data: { reference: string } }).data.reference).toMatch(/^chk_/);

  // Its request is in the log, without the body.
  await page.getByRole('tab', { name: 'Request log' }).click();
  await page.waitForURL('**/control/developers/requests');
  const logged = page.getByTestId('api-request-row').filter({ hasText: `${secret.slice(0, 12)}…` });
  for (let tries = 0; (await logged.count()) === 0 && tries < 20; tries += 1) {
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole('heading', { name: 'Developers' }).waitFor();
  }
  await logged.first().getByText('/api/checkout').waitFor();
  await logged.first().getByText('201').waitFor();
  expect(await page.content()).not.toContain('Lovelace');

  await page.getByRole('tab', { name: 'API keys' }).click();
  await page.waitForURL('**/control/developers/api-keys');
  await page
    .getByTestId('api-key-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Revoke ${secret.slice(0, 12)}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${secret.slice(0, 12)}…?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('API Key Revoked', { exact: true }).waitFor();
  await page.getByTestId('api-key-row').filter({ hasText: name }).getByText('Revoked').waitFor();
  expect((await createCheckout(secret)).status).toBe(401);
  await closePage(page);
});

// The demo's own keys stay untouched: other browser tests share this server and use them.
test('rolling a key with a grace period shows the new key once; both keys work meanwhile', async () => {
  const page = await openApiKeys();
  const name = `Rolled ${Date.now()}`;
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const first = page.getByRole('dialog', { name: `Secret key: ${name}` });
  const old = await first.getByTestId('api-key-secret').innerText();
  await first.getByRole('button', { name: 'Done' }).click();

  const prefix = old.slice(0, 12);
  await page
    .getByTestId('api-key-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Roll ${prefix}` })
    .click();
  const roll = page.getByRole('dialog', { name: `Roll ${prefix}…?` });
  await chooseOption(roll.getByRole('combobox', { name: 'Old key expires' }), '1 hour');
  await roll.getByRole('button', { name: 'Roll key' }).click();
  const shown = page.getByRole('dialog', { name: `Secret key: ${name}` });
  await shown.getByText(`The previous key (${prefix}…) keeps working until`, { exact: false }).waitFor();
  const next = await shown.getByTestId('api-key-secret').innerText();
  expect(next).not.toBe(old);
  await page.getByText('API Key Rolled', { exact: true }).waitFor();
  await shown.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('api-key-row').filter({ hasText: prefix }).getByText('Expiring').waitFor();
  expect([(await createCheckout(old)).status, (await createCheckout(next)).status]).toEqual([201, 201]);
  await closePage(page);
});
