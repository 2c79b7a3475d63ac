import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { demoAccounts, demoPassword, openSignedIn } from '../support/accounts';
import { heard, openWidget, payAndHear } from '../support/merchant';
import { openCardDialog, payInDialog } from '../support/payer';

/**
 * Every page kind in real Chromium under the server's Content Security Policy: nothing the
 * product does may be refused by it, markup in data renders as text, and no token or card number
 * travels in an address or a Referer.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Watch {
  violations: string[];
  dialogs: string[];
  urls: string[];
  referers: string[];
}

/** Watches a page's context, its popups and frames included, from its next navigation on. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], dialogs: [], urls: [], referers: [] };
  const context = page.context();
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI} in ${event.documentURI}`),
    );
  });
  const onPage = (p: Page) => {
    p.on('console', (message) => {
      if (/Content Security Policy|securitypolicyviolation/i.test(message.text())) seen.violations.push(message.text());
    });
    p.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  };
  onPage(page);
  context.on('page', onPage);
  context.on('request', (request) => {
    seen.urls.push(request.url());
    const referer = request.headers().referer;
    if (referer) seen.referers.push(referer);
  });
  return seen;
}

/** No refusal, no dialog; a Referer is at most an origin; none of `secrets` in any address. */
function expectClean(seen: Watch, secrets: string[]): void {
  expect(seen.violations).toEqual([]);
  expect(seen.dialogs).toEqual([]);
  expect(seen.urls.length).toBeGreaterThan(0);
  for (const url of seen.urls) for (const secret of secrets) expect(url).not.toContain(secret);
  for (const referer of seen.referers) expect(referer).toBe(`${new URL(referer).origin}/`);
}

const scriptSources = (policy: string | undefined): string[] => {
  const directive = (policy ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
};

test('the policy is enforced: an injected inline script does not run and is reported', async () => {
  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  const response = await page.goto('/');
  const scripts = scriptSources(response?.headers()['content-security-policy']);
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(await response?.text()).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // the built page has no inline script
  await page.getByLabel(/^First Name/).waitFor();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  for (let waited = 0; seen.violations.length === 0 && waited < 2000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  expect(seen.violations.join('\n')).toMatch(/script-src/);
  await closePage(page);
});

test('the back office after sign-in: every area loads under the policy, and no token in an address', async () => {
  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByTestId('revenue-chart').waitFor();
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  expect(token.length).toBeGreaterThan(20);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['Transactions', 'Transaction Monitoring'],
    ['User Management', 'User Management'],
    ['Cards', 'Card Management'],
    ['Withdrawals', 'Withdrawals'],
  ]) {
    await nav.getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  expectClean(seen, [token]);
  await closePage(page);
});

test('a user named with markup shows as text in User Management, and nothing runs', async () => {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.super_admin.email, password: demoPassword() }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const name = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const email = `markup-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const created = await fetch(`${baseUrl()}/api/backend/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, email, password: 'E2e-password-2026', role: 'viewer' }),
  });
  expect(created.status).toBe(201);

  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  await openSignedIn(page, 'super_admin', '/control/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User Management' }).click();
  const row = page.getByTestId(`user-row-${email}`);
  await row.waitFor();
  expect(await row.getByRole('cell').first().textContent()).toBe(name);
  expect(await row.locator('img, script').count()).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 500)); // an onerror would have fired by now
  expectClean(seen, []);
  await closePage(page);
});

test('the pay form: a card payment under the policy, no card number in an address', async () => {
  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  await payInDialog(await openCardDialog(page), '4242424242424242');
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expectClean(seen, ['4242424242424242', '4242%20424', '4242 4242']);
  await closePage(page);
});

test('3-D Secure: the issuer page runs in a sandboxed frame under its own policy', async () => {
  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  const issuerPages: (string | undefined)[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/sandbox/acs/') && response.request().resourceType() === 'document') {
      issuerPages.push(response.headers()['content-security-policy']);
    }
  });
  await payInDialog(await openCardDialog(page), '4000000000003220');
  const frame = page.locator('iframe[title="3D Secure challenge"]');
  await frame.waitFor();
  expect((await frame.getAttribute('sandbox'))?.split(/\s+/).sort()).toEqual(['allow-forms', 'allow-same-origin', 'allow-scripts']);
  const issuer = page.frameLocator('iframe[title="3D Secure challenge"]');
  await issuer.getByRole('button', { name: 'Complete' }).click();
  await page.waitForURL('**/payment-success');
  await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor();
  expect(issuerPages).toHaveLength(2); // the challenge and the result page
  for (const policy of issuerPages) {
    expect(policy).toContain("frame-ancestors 'self'");
    expect(scriptSources(policy)).toEqual(["'self'"]);
  }
  expectClean(seen, ['4000000000003220', '4000 0000']);
  await closePage(page);
});

test('the checkout widget in a popup tells its opener under the policy', async () => {
  const merchant = await newPage(browser, { isolated: true });
  const seen = await watch(merchant);
  const popup = await openWidget(merchant);
  const reference = popup.url().split('/checkout/')[1] ?? '';
  // The merchant page ignores what does not come from the widget's origin about its own checkout.
  await merchant.evaluate(
    ({ reference, widget }) => {
      const forge = (data: unknown, origin: string) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
      forge({ type: 'PAYMENT_SUCCESS', reference }, 'https://evil.example');
      forge({ type: 'PAYMENT_SUCCESS', reference: 'chk_someone_else' }, widget);
      forge({ type: 'SHIP_IT', reference }, widget);
      forge(JSON.stringify({ type: 'PAYMENT_SUCCESS', reference }), widget);
    },
    { reference, widget: new URL(baseUrl()).origin },
  );
  const item = await payAndHear(merchant, popup, '4242424242424242', 'PAYMENT_SUCCESS');
  await item.waitFor(); // the opener survived the popup's Cross-Origin-Opener-Policy
  expect(await heard(merchant).count()).toBe(1); // the forged messages were not heard
  expect(await item.getAttribute('data-reference')).toBe(reference);
  expectClean(seen, ['4242424242424242', '4242 4242']);
  await closePage(merchant);
});

test('Swagger UI renders the API under its own policy', async () => {
  const page = await newPage(browser, { isolated: true });
  const seen = await watch(page);
  const response = await page.goto('/api/docs');
  expect(scriptSources(response?.headers()['content-security-policy'])).toEqual(["'self'"]);
  await page.getByText('Paydesk provider API').first().waitFor();
  await page.getByText('/api/auth/login').first().click();
  await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
  expectClean(seen, []);
  await closePage(page);
});
