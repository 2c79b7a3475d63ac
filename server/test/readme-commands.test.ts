import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { openDispute } from '../src/disputes/disputes-service';
import { findRepoRoot } from '../src/repo-root';
import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

/**
 * The README and docs work as written (PLAT-15): every npm command they name is a script of the
 * package it names, every file they link or cite is in the repository, and the merchant quick
 * start's curl calls, run by curl as printed against the real app, answer with what the README
 * shows under them.
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

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
const markdownFiles = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
];

/** A Markdown file's text without its fenced code blocks: examples, not references. */
const prose = (file: string): string => readFileSync(join(repoRoot, file), 'utf8').replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '');

/** The anchors of a Markdown file's headings, as GitHub makes them (`## Adding a remote` → `adding-a-remote`). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What .gitignore keeps out of the repository (build output, data folders): a cited path there
 * exists only after a build or a run. A pattern with an inner slash is a path from the root; one
 * without is a name at any depth.
 */
const ignoredPatterns = readFileSync(join(repoRoot, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/\/$/, ''))
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'));
const ignored = (path: string): boolean =>
  ignoredPatterns.some((pattern) => (pattern.includes('/') ? `${path}/`.startsWith(`${pattern}/`) : path.split('/').includes(pattern)));

/** The repository's top-level folders: a backticked `folder/…` that starts with one is a path to check. */
const topFolders = readdirSync(repoRoot).filter(
  (name) => name !== '.git' && !ignored(name) && statSync(join(repoRoot, name)).isDirectory(),
);

describe('links and paths in the README and docs', () => {
  it('finds the files (the README, docs/*.md and the decision records)', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/decisions/README.md']));
  });

  it.each(markdownFiles)('%s: every relative link leads to a file, and to a heading where it names one', (file) => {
    const broken = [...prose(file).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z][a-z\d+.-]*:/i.test(target))
      .filter((target) => {
        const [path = '', anchor] = target.split('#');
        const linked = path === '' ? file : normalize(join(dirname(file), decodeURI(path)));
        if (linked.startsWith('..') || !existsSync(join(repoRoot, linked))) return true;
        return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor);
      });
    expect(broken).toEqual([]);
  });

  it.each(markdownFiles)('%s: every backticked path from the repository root exists', (file) => {
    const cited = [...prose(file).matchAll(/`([^`\n]+)`/g)]
      .map((match) => match[1]!.replace(/\/$/, ''))
      .filter((text) => text.includes('/') && topFolders.includes(text.split('/')[0]!))
      // Patterns and placeholders (`server/test/users-*.test.ts`, `NNN_name.sql`) name no one file.
      .filter((path) => !/[\s*<>{}…]|NNN/.test(path) && !ignored(path));
    expect(cited.filter((path) => !existsSync(join(repoRoot, path)))).toEqual([]);
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
  // The folder the commands run in, with the receipt the dispute step uploads.
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-readme-'));
  writeFileSync(join(folder, 'receipt.pdf'), '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The dispute the README answers: a paid payment disputed by the cardholder's bank. */
  async function aDispute(): Promise<string> {
    const { ids } = await payerClient(t.app, t.config).pay('4242424242424242', { amount: 42 });
    const settings = { responseSeconds: 3_600, decisionSeconds: 3_600, feeCents: 1_500 };
    const dispute = await t.db.transaction((tx) =>
      openDispute(tx, settings, { userId: null, audit: null }, ids.transactionId, { reason: 'product_not_received' }),
    );
    return dispute.id;
  }

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
      if (command.includes('dp_…')) found.disputeId ??= await aDispute();
      const asWritten = command
        .replaceAll('http://localhost:8080', base)
        .replaceAll('sk_demo_paydesk', t.config.secretKey)
        .replaceAll('chk_…', found.reference ?? 'chk_…')
        .replaceAll('TXN…', found.transactionId ?? 'TXN…')
        .replaceAll('dp_…', found.disputeId ?? 'dp_…')
        .replaceAll('file_…', found.fileId ?? 'file_…');
      const { stdout } = await run('sh', ['-c', asWritten], { cwd: folder });
      const answer = JSON.parse(stdout) as { status: string; data: { reference?: string; object?: string; id?: string } };
      expect({ command, status: answer.status }).toEqual({ command, status: 'success' });
      if (answer.data.reference) found.reference ??= answer.data.reference;
      if (answer.data.object === 'file' && answer.data.id) found.fileId ??= answer.data.id;
      // The README shows `npm start`'s address; an answer's links carry the deployment's public URL.
      const pattern = shown && shownPattern(shown.replaceAll('http://localhost:8080', t.config.publicUrl));
      if (pattern) expect({ command, mismatches: mismatches(pattern, answer) }).toEqual({ command, mismatches: [] });
    }
    expect(found).toEqual({
      reference: expect.stringMatching(/^chk_/),
      transactionId: expect.stringMatching(/^TXN/),
      fileId: expect.stringMatching(/^file_/),
      disputeId: expect.stringMatching(/^dp_/),
    });
  });
});
