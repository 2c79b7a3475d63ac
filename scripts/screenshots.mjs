// npm run screenshots: the README's pictures, taken from the real product. Builds what is not
// built yet, starts the product on a free port with a fresh embedded database and demo data,
// drives Chromium through the pay form and the back office as the demo admin, and writes PNGs
// into docs/images/. Run it again after a visible change to refresh them.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serverCommand } from './build-server.mjs';
import { buildProductOrExit } from './build.mjs';
import { root } from './frontends.mjs';

const outDir = path.join(root, 'docs', 'images');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const demoPassword = process.env.DEMO_PASSWORD ?? 'Paydesk-demo-2026';
// A modest viewport keeps the PNGs small enough to commit while every element stays readable.
const viewport = { width: 1200, height: 760 };

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitUntilReady(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Paydesk not ready at ${url} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The product as `npm start` runs it, on its own port and data folder so a running copy is untouched. */
async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paydesk-screenshots-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverCommand, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FRONTENDS_DIR: root,
      PAYDESK_MODE: 'demo',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The pages are opened here: PUBLIC_URL must name it, or they are redirected to localhost.
      PUBLIC_URL: baseUrl,
    },
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${baseUrl}/readyz`);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function save(page, name, { height = viewport.height } = {}) {
  await page.setViewportSize({ width: viewport.width, height });
  // Toasts and chart animations would catch the picture half-way.
  await page
    .getByTestId('toast')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`Saved ${path.relative(root, file)} (${Math.round(statSync(file).size / 1024)} KB)`);
}

async function payForm(page) {
  await page.goto('/');
  await page.getByLabel(/^First Name/).fill('Ada');
  await page.getByLabel(/^Last Name/).fill('Lovelace');
  await page.getByLabel(/^Email/).fill('ada@example.com');
  await page.getByLabel(/^Phone/).fill('+15550101');
  await page.getByLabel(/^Amount/).fill('120.50');
  await page.getByRole('button', { name: 'Pay $120.50' }).waitFor();
  await save(page, 'pay-form');
}

async function dashboard(page) {
  await page.goto('/control/login');
  await page.getByLabel('Email').fill('admin@paydesk.test');
  await page.getByLabel(/^Password/).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/control/dashboard');
  await page.getByTestId('stat-Total Revenue').waitFor();
  await page.getByTestId('revenue-chart').waitFor();
  // Taller, so that the revenue chart is in the picture as well as the figures.
  await save(page, 'dashboard', { height: 1180 });
}

/** The newest completed payment of the demo data, opened from the signed-in back office. */
async function transactionDetails(page) {
  const id = await page.evaluate(async () => {
    const response = await fetch('/api/backend/all-transactions?page=1&per_page=10&status=success', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()).data.data[0].id;
  });
  await page.goto(`/control/transactions/${id}`);
  await page.getByRole('region', { name: 'Payment Information' }).waitFor();
  await save(page, 'transaction-details');
}

await buildProductOrExit();
mkdirSync(outDir, { recursive: true });
const product = await startProduct();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const context = await browser.newContext({ baseURL: product.baseUrl, viewport, colorScheme: 'light', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await payForm(page);
  await dashboard(page);
  await transactionDetails(page);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser.close();
  product.stop();
}
