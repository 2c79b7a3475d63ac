import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { findRepoRoot } from '../src/repo-root';
import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

/**
 * The README and docs work as written (PLAT-15): every npm command they name is a script of the
 * package it names, and the merchant quick start's curl calls, run by curl as printed against the
 * real app, answer with what the README shows under them.
 */
const run = promisify(execFile);
const repoRoot = findRepoRoot();
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const docs = [
  readme,
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(repoRoot, 'docs', f), 'utf8')),
];

const scriptsOf = (workspace: string | undefined): Record<string, string> =>
  (JSON.parse(readFileSync(join(repoRoot, workspace ?? '', 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};

describe('npm commands in the README and docs', () => {
  // `-w <remote>` stands for every remote.
  const workspaces = (w: string | undefined) => (w === '<remote>' ? remotePackages.map((r) => r.dir) : [w ?? '.']);
  const named = [
    ...new Set(
      docs.flatMap((text) =>
        [...text.matchAll(/npm run ([\w:.-]+)(?: -w (<remote>|[\w-]+))?/g)].flatMap((m) => workspaces(m[2]).map((w) => `${w} ${m[1]}`)),
      ),
    ),
  ];

  it('finds the commands (the README names build, lint and typecheck at least)', () => {
    expect(named).toEqual(expect.arrayContaining(['. build', '. lint', '. typecheck']));
  });

  it.each(named)('%s is a script of that package', (entry) => {
    const [workspace, script] = entry.split(' ') as [string, string];
    expect(Object.keys(scriptsOf(workspace === '.' ? undefined : workspace))).toContain(script);
  });

  it.each(['start', 'test'])('npm %s is a root script', (script) => {
    expect(readme).toContain(`npm ${script}`);
    expect(Object.keys(scriptsOf(undefined))).toContain(script);
  });
});

/** The README's shell blocks that call the API: each curl command and the answer printed under it (`# …` lines). */
function quickStartCalls(): { command: string; shown: string | undefined }[] {
  const blocks = [...readme.matchAll(/^[ \t]*```sh\n([\s\S]*?)^[ \t]*```/gm)].map((m) => m[1]!.replace(/^ {3}/gm, ''));
  return blocks
    .filter((block) => block.trimStart().startsWith('curl '))
    .map((block) => {
      const comment = block.indexOf('\n#');
      const shown =
        comment < 0
          ? undefined
          : block
              .slice(comment)
              .split('\n')
              .filter((l) => l.startsWith('#'))
              .map((l) => l.slice(1).trim())
              .join('');
      return { command: (comment < 0 ? block : block.slice(0, comment)).trim(), shown };
    });
}

/**
 * The README's sample answer as a pattern: `"x…"` matches any string starting with x, `[…]` any
 * array, `,…}` means more fields may follow; everything else must be equal.
 */
function shownPattern(shown: string): unknown {
  return JSON.parse(shown.replace(/\[…\]/g, '"[…]"').replace(/,…}/g, '}'));
}

function mismatches(pattern: unknown, actual: unknown, at = '$'): string[] {
  if (typeof pattern === 'string' && pattern === '[…]') return Array.isArray(actual) ? [] : [`${at}: not an array`];
  if (typeof pattern === 'string' && pattern.includes('…')) {
    const prefix = pattern.slice(0, pattern.indexOf('…'));
    return typeof actual === 'string' && actual.startsWith(prefix)
      ? []
      : [`${at}: ${JSON.stringify(actual)} does not start with ${prefix}`];
  }
  if (pattern && typeof pattern === 'object') {
    if (!actual || typeof actual !== 'object') return [`${at}: not an object`];
    return Object.entries(pattern).flatMap(([key, value]) => mismatches(value, (actual as Record<string, unknown>)[key], `${at}.${key}`));
  }
  return pattern === actual ? [] : [`${at}: ${JSON.stringify(actual)} is not ${JSON.stringify(pattern)}`];
}

describe('the merchant quick start, with curl', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.close());

  it('creates a checkout, reads it once paid and refunds it, answering as printed', async () => {
    const calls = quickStartCalls();
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const found: Record<string, string> = {};
    for (const { command, shown } of calls) {
      if (command.includes('chk_…') && !found.transactionId) {
        // Step 2 of the quick start: the payer pays in the widget.
        const { ids } = await payerClient(t.app, t.config).pay('4242424242424242', {
          amount: 120.5,
          checkout: true,
          checkout_reference: found.reference!,
        });
        found.transactionId = ids.transactionId;
      }
      const asWritten = command
        .replaceAll('http://localhost:8080', base)
        .replaceAll('sk_demo_paydesk', t.config.secretKey)
        .replaceAll('chk_…', found.reference ?? 'chk_…')
        .replaceAll('TXN…', found.transactionId ?? 'TXN…');
      const { stdout } = await run('sh', ['-c', asWritten]);
      const answer = JSON.parse(stdout) as { status: string; data: { reference?: string } };
      expect({ command, status: answer.status }).toEqual({ command, status: 'success' });
      if (answer.data.reference) found.reference ??= answer.data.reference;
      // The README shows `npm start`'s address; an answer's links carry the deployment's public URL.
      const pattern = shown && shownPattern(shown.replaceAll('http://localhost:8080', t.config.publicUrl));
      if (pattern) expect({ command, mismatches: mismatches(pattern, answer) }).toEqual({ command, mismatches: [] });
    }
    expect(found).toEqual({ reference: expect.stringMatching(/^chk_/), transactionId: expect.stringMatching(/^TXN/) });
  });
});
