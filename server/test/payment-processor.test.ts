import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { startupBanner } from '../src/startup-banner';
import { bearer, buildTestApp, login, testConfig, type TestApp } from './helper';

describe('PAYMENT_PROCESSOR', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-processor-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const production = () => ({
    PAYDESK_MODE: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'a'.repeat(40),
    CARD_ENVELOPE_KEY: 'ab'.repeat(32),
    FINGERPRINT_KEY: 'c'.repeat(40),
    CARD_STORAGE_KEY: 'cd'.repeat(32),
    WEBHOOK_SECRETS_KEY: 'ef'.repeat(32),
    TWO_FACTOR_KEY: '12'.repeat(32),
    PUBLISHABLE_KEY: 'p'.repeat(16),
    SECRET_KEY: 's'.repeat(30),
    PUBLIC_URL: 'https://pay.example.com',
  });

  test('production refuses to start without it, naming it and the sandbox', () => {
    expect(() => loadConfig(production())).toThrow(ConfigError);
    expect(() => loadConfig(production())).toThrow(
      /^Invalid configuration: PAYMENT_PROCESSOR is required when PAYDESK_MODE=production \(.*PAYMENT_PROCESSOR=sandbox/,
    );
    expect(() => loadConfig({ ...production(), PAYMENT_PROCESSOR: '  ' })).toThrow(/PAYMENT_PROCESSOR is required/);
  });

  test('production runs the sandbox only when told so', () => {
    expect(loadConfig({ ...production(), PAYMENT_PROCESSOR: 'sandbox' }).paymentProcessor).toBe('sandbox');
  });

  test('a processor that does not exist is refused, naming the variable', () => {
    expect(() => loadConfig({ ...production(), PAYMENT_PROCESSOR: 'acquirer' })).toThrow(
      /^Invalid configuration: PAYMENT_PROCESSOR must be one of: sandbox$/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_PROCESSOR: 'Sandbox' })).toThrow(/^Invalid configuration: PAYMENT_PROCESSOR /);
  });

  test('demo mode runs the sandbox without being told', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).paymentProcessor).toBe('sandbox');
  });
});

describe('the back office is told who decides payment outcomes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  test.each(['superadmin', 'admin', 'viewer'])('GET /api/auth/me says the sandbox decides, to %s', async (who) => {
    const response = await t.app.inject({ url: '/api/auth/me', headers: bearer(await login(t.app, `${who}@paydesk.test`)) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.payment_processor).toEqual({ name: 'sandbox', sandbox: true });
  });
});

test('the start-up banner says when the sandbox decides outcomes', () => {
  const banner = startupBanner(testConfig({ PAYMENT_PROCESSOR: 'sandbox' }));
  expect(banner).toContain('Payments:      the sandbox processor decides every outcome (no real money moves)');
});
