/**
 * Which files a payer page's code is in, read from the build that made them: a remote's
 * mf-manifest.json (the federation plugin writes one beside each remoteEntry.js), or the shell's
 * page-chunks.json when the shell bundles the page itself (its single-bundle build variant); and
 * the integrity a remote's runtime loads its chunks with, from its chunk-integrity.json.
 * Pure functions; preload-links.ts reads the files and makes the Link header.
 */
import { RELATIVE_BASE } from './remotes-manifest';

/** A file of a build, as its manifest names it: no scheme, no query, nothing a Link header would misread. */
const buildFile = /^[\w./-]+\.(js|css)$/;

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

interface FederationManifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { path?: unknown } };
  exposes?: { name?: unknown; path?: unknown; assets?: ManifestAssets }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A JSON object as a record; an empty one for anything else. */
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What an object has under its own key, never an inherited one (`toString`). */
const own = (value: unknown, key: string): unknown => (Object.hasOwn(record(value), key) ? record(value)[key] : undefined);

/** The shell's own files in a list: paths on this server, nothing a Link header could misread. */
const shellFiles = (value: unknown): string[] =>
  strings(value).filter((file) => file.startsWith('/') && !file.startsWith('//') && buildFile.test(file.slice(1)));

/** An address resolved against a remote's entry, written as the entry is (a path, `//host/...` or a URL). */
function address(url: URL, entry: string): string {
  if (url.origin === RELATIVE_BASE) return url.pathname;
  return entry.startsWith('//') ? url.href.slice(url.protocol.length) : url.href;
}

/** Where a remote's entry is, or nothing for an address relative to the page (its meaning depends on the page). */
function entryUrl(entry: string): URL | undefined {
  if (!entry.startsWith('/') && !/^https?:\/\//i.test(entry)) return undefined;
  try {
    return new URL(entry, RELATIVE_BASE);
  } catch {
    return undefined;
  }
}

/** Where a file a remote's build writes beside its entry is, written as the entry is. */
function besideEntryAddress(file: string, entry: string): string | undefined {
  const url = entryUrl(entry);
  return url && address(new URL(file, url), entry);
}

/** Where mf-manifest.json is for a remote entry: beside it, as the federation plugin writes them. */
export const manifestAddress = (entry: string) => besideEntryAddress('mf-manifest.json', entry);

/** Where chunk-integrity.json is for a remote entry (scripts/webpack/chunk-integrity.cjs writes it). */
export const chunkIntegrityAddress = (entry: string) => besideEntryAddress('chunk-integrity.json', entry);

/** Where expose-shares.json is for a remote entry (scripts/webpack/shared-hints.cjs writes it). */
export const exposeSharesAddress = (entry: string) => besideEntryAddress('expose-shares.json', entry);

/** Where a remote's chunks are: its public path, or for 'auto' remoteEntry.js's own folder less the entry's folder in the build. */
function chunkBase(metaData: FederationManifest['metaData'], entryAt: URL): URL | undefined {
  const publicPath = metaData?.publicPath;
  if (typeof publicPath !== 'string') return undefined;
  const entryFolder = typeof metaData?.remoteEntry?.path === 'string' ? metaData.remoteEntry.path : '';
  return publicPath === 'auto'
    ? new URL(`./${'../'.repeat(entryFolder.split('/').filter(Boolean).length)}`, entryAt)
    : new URL(publicPath, entryAt);
}

/**
 * The files the browser fetches to render one exposed module of a remote: its remoteEntry.js,
 * then the expose's own chunks in the remote's mf-manifest.json (`assets.js.sync` and
 * `assets.css.sync`; not the shared modules, which the shell provides). Without a usable manifest
 * (`undefined`, another shape, a public path computed at run time) only the entry, which
 * remotes.json names and is always right.
 */
export function remotePageFiles(manifest: unknown, expose: string, entry: string): string[] {
  const entryAt = entryUrl(entry);
  if (!entryAt) return [];
  const files = [address(entryAt, entry)];
  const { metaData, exposes } = record(manifest) as FederationManifest;
  const found = Array.isArray(exposes) ? exposes.find((item) => item?.name === expose || item?.path === `./${expose}`) : undefined;
  const base = chunkBase(metaData, entryAt);
  if (!found || !base) return files;
  const chunks = [...strings(found.assets?.js?.sync), ...strings(found.assets?.css?.sync)].filter((file) => buildFile.test(file));
  return [...new Set([...files, ...chunks.map((file) => address(new URL(file, base), entry))])];
}

/** An integrity value as the build writes one: nothing else goes into a Link header. */
const sha384 = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * The integrity of each chunk a remote's chunk-integrity.json lists (`{"8487.9e4fd9c31d.js":
 * "sha384-..."}`), by the address remotePageFiles gives that chunk: the remote's runtime loads
 * each with it, and the browser uses a preload only when it carries the same. Nothing without a
 * usable manifest or list.
 */
export function remoteChunkIntegrity(listed: unknown, manifest: unknown, entry: string): Record<string, string> {
  const entryAt = entryUrl(entry);
  const { metaData } = record(manifest) as FederationManifest;
  const base = entryAt && chunkBase(metaData, entryAt);
  if (!base) return {};
  return Object.fromEntries(
    Object.entries(record(listed))
      .filter((pair): pair is [string, string] => buildFile.test(pair[0]) && typeof pair[1] === 'string' && sha384.test(pair[1]))
      .map(([file, integrity]) => [address(new URL(file, base), entry), integrity]),
  );
}

/**
 * The shell's scripts that load its copies of the shared modules an exposed module consumes: the
 * remote's expose-shares.json (`{"CheckoutPage": ["react", ...]}`) against the shell's
 * shared-files.json (`{"react": ["/file.js"]}`, only the copies its page does not preload anyway).
 * Nothing from either file unless it has that shape.
 */
export function sharedCopyFiles(exposeShares: unknown, sharedFiles: unknown, expose: string): string[] {
  return [...new Set(strings(own(exposeShares, expose)).flatMap((key) => shellFiles(own(sharedFiles, key))))];
}

/** A page's files from the shell's page-chunks.json (`{"container/Expose": ["/file.js", ...]}`), if it lists it. */
export function bundledPageFiles(pageChunks: unknown, id: string): string[] | undefined {
  return Object.hasOwn(record(pageChunks), id) ? shellFiles(own(pageChunks, id)) : undefined;
}

/**
 * The `Link` header that has the browser fetch these files at once, at the page's own priority for
 * scripts. A file the page will load with an integrity (a released remote's entry, a remote's
 * chunks) is preloaded with it, in the same CORS mode: otherwise the browser cannot use the
 * preload and fetches twice.
 */
export function preloadLinkHeader(files: string[], integrity: Readonly<Record<string, string>> = {}): string | undefined {
  if (files.length === 0) return undefined;
  return files
    .map((file) => {
      const hint = `<${file}>; rel=preload; as=${file.endsWith('.css') ? 'style' : 'script'}`;
      const hash = integrity[file];
      return hash ? `${hint}; crossorigin=anonymous; integrity="${hash}"` : hint;
    })
    .join(', ');
}
