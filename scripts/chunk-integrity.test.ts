import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import webpack, { type Configuration, type Stats } from 'webpack';

/**
 * A production remote's entry carries the SHA-384 of every chunk it may load, and its runtime
 * puts it on the script it makes for one (webpack/chunk-integrity.cjs); the scripts that run as
 * they arrive carry V8's compile hint (webpack/compile-hints.cjs): proven on a tiny remote
 * (fixtures/lazy-remote: an exposed module, a lazy part of it, the shared modules every container
 * provides) built by the one webpack configuration.
 */
const fixture = join(__dirname, 'fixtures', 'lazy-remote');
const configFor = createRequire(__filename)(join(fixture, 'webpack.config.cjs')) as (env: object, argv: object) => Configuration;
const cdn = 'https://cdn.example.test/lazy-remote/1.0.0/';
let out = '';

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'paydesk-chunk-integrity-'));
  const config: Configuration = {
    ...configFor({ outputPath: out }, { mode: 'production' }),
    mode: 'production',
    infrastructureLogging: { level: 'error' },
  };
  const stats = await new Promise<Stats | undefined>((resolve, reject) =>
    webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
  if (!stats || stats.hasErrors()) throw new Error(stats?.toString('errors-only') ?? 'no build');
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const integrityOf = (file: string) =>
  `sha384-${createHash('sha384')
    .update(readFileSync(join(out, file)))
    .digest('base64')}`;
const chunkFiles = () =>
  readdirSync(out)
    .filter((file) => file.endsWith('.js') && file !== 'remoteEntry.js')
    .sort();

test('remoteEntry.js carries the hash of every chunk file as written, with no stand-in left', () => {
  const entry = readFileSync(join(out, 'remoteEntry.js'), 'utf8');
  const files = chunkFiles();
  expect(files).toContainEqual(expect.stringMatching(/^__federation_expose_Page\./));
  // The lazy part, and the remote's copies of the shared modules (MUI's contexts, and React which they
  // import) in one chunk per family.
  expect(files.filter((file) => file.startsWith('shared-copies-'))).toEqual([
    expect.stringMatching(/^shared-copies-react\./),
    expect.stringMatching(/^shared-copies-theme\./),
  ]);
  expect(files).toHaveLength(4);
  expect(files.filter((file) => !entry.includes(integrityOf(file)))).toEqual([]);
  expect(entry).not.toMatch(/chunk-integrity-[0-9a-f]/);
  // The same hashes beside it, for the server's preload hints.
  const listed: unknown = JSON.parse(readFileSync(join(out, 'chunk-integrity.json'), 'utf8'));
  expect(listed).toEqual(Object.fromEntries(files.map((file) => [file, integrityOf(file)])));
});

test("the scripts that run as they arrive open with V8's compile hint, their source maps a line lower", () => {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const files = ['remoteEntry.js', ...chunkFiles()];
  const hinted = files.filter((file) => readFileSync(join(out, file), 'utf8').startsWith(hint));
  // The entry, the exposed module and the copy of React it consumes (when the page lends none); not
  // its lazy part, nor the copies of MUI's contexts, which it never consumes.
  expect(hinted).toEqual([
    'remoteEntry.js',
    expect.stringMatching(/^__federation_expose_Page\./),
    expect.stringMatching(/^shared-copies-react\./),
  ]);
  // Nothing maps to the hint's line, so the code below it keeps its place in the sources; the lazy
  // part, with neither hint nor licence line, has code on its first line.
  const firstLineMapped = (file: string) =>
    !(JSON.parse(readFileSync(join(out, `${file}.map`), 'utf8')) as { mappings: string }).mappings.startsWith(';');
  expect(files.filter(firstLineMapped)).toEqual([expect.not.stringMatching(/^(remoteEntry|__federation|shared-copies)/)]);
});

test("the remote's copies of the shared modules are one chunk per family, which its exposed module never loads", () => {
  const manifest = JSON.parse(readFileSync(join(out, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string }[];
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const [copies] = chunkFiles().filter((file) => file.startsWith('shared-copies-theme.'));
  const { sources } = JSON.parse(readFileSync(join(out, `${copies}.map`), 'utf8')) as { sources: string[] };
  // MUI's contexts, which every container provides (shared-deps.cjs): each of them is in the theming core's.
  const shared = manifest.shared.map(({ name }) => name).filter((name) => name.startsWith('@mui/material/'));
  expect(shared.length).toBeGreaterThan(10);
  expect(shared.filter((name) => !sources.some((source) => source.endsWith(`node_modules/${name}`)))).toEqual([]);
  for (const expose of manifest.exposes) expect([...expose.assets.js.sync, ...expose.assets.js.async]).not.toContain(copies);
});

test('expose-shares.json names the shared modules each exposed module consumes, for the shell copies the server hints', () => {
  expect(JSON.parse(readFileSync(join(out, 'expose-shares.json'), 'utf8'))).toEqual({ Page: ['react'] });
});

interface MadeScript {
  src?: string;
  integrity?: string;
  crossOrigin?: string;
}
interface Runtime {
  f: { j: (chunkId: string | number, promises: Promise<unknown>[]) => void };
  chunkIntegrity?: { js: Record<string, string> };
}

/** Runs remoteEntry.js in a stand-in page at `origin`, has its runtime load each chunk it knows, and returns the scripts it made. */
function scriptsForEveryChunk(origin: string): MadeScript[] {
  const scripts: MadeScript[] = [];
  const document = {
    currentScript: { tagName: 'SCRIPT', src: `${cdn}remoteEntry.js` },
    createElement: () => {
      const script: MadeScript & { setAttribute: () => void } = { setAttribute: () => undefined };
      scripts.push(script);
      return script;
    },
    getElementsByTagName: () => [],
    head: { appendChild: () => undefined },
  };
  const page: Record<string, unknown> = { document, location: { origin }, setTimeout: () => 0, clearTimeout: () => undefined };
  page.window = page;
  page.self = page;
  try {
    runInNewContext(readFileSync(join(out, 'remoteEntry.js'), 'utf8'), page);
  } catch {
    // The container's start needs the shell's federation runtime; its chunk loading is set up before.
  }
  let runtime: Runtime | undefined;
  (page.webpackChunklazy_remote as unknown[]).push([['probe'], {}, (require: Runtime) => (runtime = require)]);
  if (!runtime) throw new Error('remoteEntry.js set up no chunk loading');
  for (const id of Object.keys(runtime.chunkIntegrity?.js ?? {})) runtime.f.j(/^\d+$/.test(id) ? Number(id) : id, []);
  return scripts;
}

// In CORS mode from either origin, as the server's preload hints for them ask.
test.each([
  ['of another origin', 'https://shell.example.test'],
  ['of the page origin', new URL(cdn).origin],
])('the runtime loads every chunk %s in CORS mode, with the hash of the file it names', (_case, origin) => {
  const scripts = scriptsForEveryChunk(origin);
  const loaded = scripts.map(({ src = '' }) => src.slice(cdn.length)).sort();
  expect(loaded).toEqual(chunkFiles());
  for (const script of scripts) {
    expect(script.integrity).toBe(integrityOf((script.src ?? '').slice(cdn.length)));
    expect(script.crossOrigin).toBe('anonymous');
  }
});
