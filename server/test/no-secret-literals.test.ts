import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { findRepoRoot } from '../src/repo-root';
import { repositoryFiles, scanFiles, scanText, type Allowed } from './secret-scanner';

/**
 * No secret is written in the repository (SEC-03; docs/security.md, Keys and secrets). Every file
 * git tracks or would add is scanned. What matches but is not a secret is listed here with the
 * reason; the documented demo keys (pk_demo_paydesk, sk_demo_paydesk), the demo password and
 * the sandbox test cards do not even match the rules, since none of them looks random.
 */
const fakeLiveKey = ['sk', 'live', '0123456789abcdefghij'].join('_'); // spelled in parts, so that this file does not match
const allowlist: readonly Allowed[] = [
  {
    file: 'server/test/config.test.ts',
    text: fakeLiveKey,
    reason: 'a made-up production key (digits, then the alphabet) that a config test passes to loadConfig',
  },
  {
    file: 'server/test/config.test.ts',
    text: ':pw@pay.example.com',
    reason: 'a PUBLIC_URL with made-up credentials, which loadConfig must refuse',
  },
  ...[
    ['mf-developers/src/features/webhooks/components/endpoint-dialog.test.tsx', 'user:pass@'],
    ['server/test/webhooks-url-credentials.test.ts', 'user:pass@'],
    ['server/test/webhooks-url-credentials.test.ts', 'us%65r:p%40ss@'],
    ['shared/src/schemas/webhooks.test.ts', 'user:pass@'],
    ['shared/src/schemas/webhooks.test.ts', 'user:s3cret@'],
  ].map(([file, text]) => ({
    file: file!,
    text: text!,
    reason: 'a webhook endpoint URL with made-up credentials, which must be refused (HOOK-07)',
  })),
];

describe('the repository', () => {
  test('holds no secret-looking literal', () => {
    const root = findRepoRoot();
    const files = repositoryFiles(root);
    const { findings, scanned } = scanFiles(root, files, allowlist);
    expect(findings).toEqual([]);
    expect(scanned).toBeGreaterThan(300);
  });

  test('every allowlist entry is still needed', () => {
    const root = findRepoRoot();
    const { findings } = scanFiles(root, [...new Set(allowlist.map((entry) => entry.file))]);
    for (const entry of allowlist) expect(findings.some((f) => f.file === entry.file && f.text.includes(entry.text))).toBe(true);
  });
});

describe('the scanner', () => {
  // Built at run time, so that this file itself holds none of them.
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');
  const base64ish = () => `${randomBytes(30).toString('base64').replace(/[+/=]/g, '')}Aa1`;
  const planted = async () => ({
    'private key': `-----BEGIN ${'RSA '}PRIVATE KEY-----\nMIIEow...\n`,
    'AWS access key id': `const id = '${'AKIA'}${'IOSFODNN7EXAMPLE'}';`,
    'provider token': `STRIPE=${'sk_'}live_${hex(12)}`,
    JWT: `const t = '${await new SignJWT({ sub: '1' }).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32))}';`,
    'connection string with a password': `DATABASE_URL=postgres://paydesk:${'Hunter2-'}${hex(4)}@db.example.com:5432/paydesk`,
    'random value given to a secret name': `const apiKey = '${base64ish()}';\nAUTH_SECRET=${hex(32)}\n{"password": "${hex(16)}"}`,
  });

  test('catches each kind of secret planted in a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-secrets-'));
    try {
      const secrets = await planted();
      const text = Object.values(secrets).join('\n');
      writeFileSync(join(dir, 'leak.ts'), text);
      const { findings, scanned } = scanFiles(dir, ['leak.ts']);
      expect(scanned).toBe(1);
      expect([...new Set(findings.map((f) => f.rule))].sort()).toEqual(Object.keys(secrets).sort());
      expect(findings.filter((f) => f.rule === 'random value given to a secret name')).toHaveLength(3);
      expect(findings.find((f) => f.rule === 'JWT')?.line).toBe(text.slice(0, text.indexOf('eyJ')).split('\n').length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('lets the usual non-secrets pass', () => {
    const text = [
      "const publishableKey = 'pk_demo_paydesk'; const secretKey = 'sk_demo_paydesk';",
      "password: 'Paydesk-demo-2026', token: `Bearer ${token}`, key: 'transactions-list-page-size'",
      'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
      "card_number: '4242424242424242', cvv: '123', storageKey: config.cardStorageKey,",
      "AUTH_SECRET: randomBytes(32).toString('hex'), postgres://user:${PASSWORD}@host/db",
      '"integrity": "sha512-Zx3s7ZsLOpqHZ3Ox4aOUbtyD0FdtOtaJ71yrF9gISCCXmm7PmX9vqU9Fg1RPY9iShpEXQplXuUW3NRwLwEf0lA=="',
    ].join('\n');
    expect(scanText('example.ts', text)).toEqual([]);
  });

  test('an allowlist entry silences only its own file and text', () => {
    const text = `const secret = '${fakeLiveKey}';`;
    const entry = { file: 'a.ts', text: fakeLiveKey, reason: 'test' };
    expect(scanText('a.ts', text, [entry])).toEqual([]);
    expect(scanText('b.ts', text, [entry])).toHaveLength(1);
  });
});
