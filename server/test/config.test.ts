import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { DEMO_PASSWORD } from '../src/demo-password';

const secret = 'a'.repeat(32);
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      mode: 'demo',
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      logLevel: 'info',
      demoPassword: DEMO_PASSWORD,
    });
  });

  it('refuses production without AUTH_SECRET, naming the variable', () => {
    expect(() => loadConfig({ PAYDESK_MODE: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYDESK_MODE: 'production', DATA_DIR: dataDir, AUTH_SECRET: '  ' })).toThrow(/AUTH_SECRET/);
  });

  it.each([
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['PORT', { PORT: 'eighty' }],
    ['PAYDESK_MODE', { PAYDESK_MODE: 'staging' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['DEMO_PASSWORD', { DEMO_PASSWORD: 'weak' }],
  ])('refuses a bad %s with a message naming it', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret, ...env })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('in demo mode generates a missing secret once, keeps it private, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'demo-secrets.json');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      AUTH_SECRET: first.authSecret,
      CARD_ENVELOPE_KEY: first.cardEnvelopeKey,
      FINGERPRINT_KEY: first.fingerprintKey,
      CARD_STORAGE_KEY: first.cardStorageKey,
      WEBHOOK_SECRETS_KEY: first.webhookSecretsKey,
      TWO_FACTOR_KEY: first.twoFactorKey,
    });
  });

  it('prefers secrets from the environment and then writes no file', () => {
    const env = {
      DATA_DIR: dataDir,
      AUTH_SECRET: secret,
      CARD_ENVELOPE_KEY: 'ab'.repeat(32),
      FINGERPRINT_KEY: 'f'.repeat(40),
      CARD_STORAGE_KEY: 'cd'.repeat(32),
      WEBHOOK_SECRETS_KEY: 'ef'.repeat(32),
      TWO_FACTOR_KEY: '12'.repeat(32),
    };
    expect(loadConfig(env).authSecret).toBe(secret);
    expect(() => statSync(join(dataDir, 'demo-secrets.json'))).toThrow();
  });
});

describe('payment keys', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'paydesk-config-'));
  const full = {
    PAYDESK_MODE: 'production',
    AUTH_SECRET: 'a'.repeat(40),
    CARD_ENVELOPE_KEY: 'ab'.repeat(32),
    FINGERPRINT_KEY: 'c'.repeat(40),
    CARD_STORAGE_KEY: 'cd'.repeat(32),
    WEBHOOK_SECRETS_KEY: 'ef'.repeat(32),
    TWO_FACTOR_KEY: '12'.repeat(32),
    PUBLISHABLE_KEY: 'pk_live_0123456789',
    SECRET_KEY: 'sk_live_0123456789abcdefghij',
  };

  it.each(['CARD_ENVELOPE_KEY', 'FINGERPRINT_KEY', 'CARD_STORAGE_KEY', 'WEBHOOK_SECRETS_KEY', 'TWO_FACTOR_KEY'])(
    'production refuses to start without %s, naming it',
    (name) => {
      const env: Record<string, string> = { ...full, DATA_DIR: dir() };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name} is required`));
    },
  );

  // The first keys: needed only while the database has none (KEY-02; api-keys.test.ts).
  it('production reads PUBLISHABLE_KEY and SECRET_KEY as optional first keys', () => {
    const { PUBLISHABLE_KEY: _p, SECRET_KEY: _s, ...rest } = full;
    const config = loadConfig({ ...rest, DATA_DIR: dir(), PAYMENT_PROCESSOR: 'sandbox', PUBLIC_URL: 'https://pay.example.com' });
    expect([config.publishableKey, config.secretKey]).toEqual([undefined, undefined]);
    expect(loadConfig({ ...full, DATA_DIR: dir(), PAYMENT_PROCESSOR: 'sandbox', PUBLIC_URL: 'https://pay.example.com' }).secretKey).toBe(
      full.SECRET_KEY,
    );
  });

  it('an envelope key that is not 32 bytes of hex is refused', () => {
    expect(() => loadConfig({ ...full, DATA_DIR: dir(), CARD_ENVELOPE_KEY: 'xyz' })).toThrow(/CARD_ENVELOPE_KEY must be 64 hex/);
  });

  it('demo mode uses the documented sandbox keys and generates the envelope key once', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect([first.publishableKey, first.secretKey]).toEqual(['pk_demo_paydesk', 'sk_demo_paydesk']);
    expect(first.cardEnvelopeKey).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).cardEnvelopeKey).toBe(first.cardEnvelopeKey);
  });
});

describe('FRONTENDS_DIR', () => {
  it('takes a relative folder from the current folder, so the static file server gets an absolute root', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-config-'));
    expect(loadConfig({ DATA_DIR: dataDir, FRONTENDS_DIR: 'bench/.work/single-bundle' }).frontendsDir).toBe(
      join(process.cwd(), 'bench/.work/single-bundle'),
    );
  });
});

describe('PUBLIC_URL', () => {
  const production = {
    PAYDESK_MODE: 'production',
    AUTH_SECRET: 'a'.repeat(40),
    CARD_ENVELOPE_KEY: 'ab'.repeat(32),
    FINGERPRINT_KEY: 'c'.repeat(40),
    CARD_STORAGE_KEY: 'cd'.repeat(32),
    WEBHOOK_SECRETS_KEY: 'ef'.repeat(32),
    TWO_FACTOR_KEY: '12'.repeat(32),
    PUBLISHABLE_KEY: 'pk_live_0123456789',
    SECRET_KEY: 'sk_live_0123456789abcdefghij',
    PAYMENT_PROCESSOR: 'sandbox',
  };

  it('is required in production, naming the variable', () => {
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required when PAYDESK_MODE=production/,
    );
  });

  it('defaults in demo mode to the listening port on this machine', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret, PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['https://Pay.Example.com', 'https://pay.example.com'],
    ['https://pay.example.com:443/', 'https://pay.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('%s is kept as the origin %s', (value, origin) => {
    expect(loadConfig({ ...production, DATA_DIR: dataDir, PUBLIC_URL: value }).publicUrl).toBe(origin);
  });

  it.each([
    'pay.example.com',
    'ftp://pay.example.com',
    'javascript:alert(1)',
    'https://pay.example.com/shop',
    'https://pay.example.com/?a=1',
    'https://pay.example.com#x',
    'https://user:pw@pay.example.com',
    'https://',
  ])('%s is refused with a message naming PUBLIC_URL', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret, PUBLIC_URL: value })).toThrow(
      /^Invalid configuration: PUBLIC_URL must be an http:\/\/ or https:\/\/ origin/,
    );
  });
});

describe('request and connection timeouts', () => {
  it('default to a minute for a request, 10 s for its headers, 2 minutes idle, 72 s keep-alive', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret })).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      connectionTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
    });
  });

  it('never give the headers longer than the whole request', () => {
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret, REQUEST_TIMEOUT_SECONDS: '5' })).toMatchObject({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
    });
  });

  it.each(['REQUEST_TIMEOUT_SECONDS', 'HEADERS_TIMEOUT_SECONDS', 'CONNECTION_TIMEOUT_SECONDS', 'KEEP_ALIVE_TIMEOUT_SECONDS'])(
    'refuses a %s of 0 (no timeout at all), naming it',
    (name) => {
      expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret, [name]: '0' })).toThrow(
        new RegExp(`^Invalid configuration: ${name} `),
      );
    },
  );
});

describe('REQUIRE_TWO_FACTOR', () => {
  it('is off unless set to true, and any other value is refused, naming the variable', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).requireTwoFactor).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_TWO_FACTOR: 'true' }).requireTwoFactor).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_TWO_FACTOR: 'false' }).requireTwoFactor).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUIRE_TWO_FACTOR: 'yes' })).toThrow(
      /^Invalid configuration: REQUIRE_TWO_FACTOR must be true or false/,
    );
  });

  it('a two-factor key that is not 32 bytes of hex is refused', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_KEY: 'xyz' })).toThrow(/TWO_FACTOR_KEY must be 64 hex/);
  });
});
