import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { publicPageModuleAt } from '@paydesk/shared/routes';
import {
  bundledPageFiles,
  chunkIntegrityAddress,
  manifestAddress,
  preloadLinkHeader,
  remoteChunkIntegrity,
  remotePageFiles,
} from './page-files';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { currentManifest, type ReleasedEntry } from './remotes-manifest';

/** A remote manifest fetched from elsewhere is fetched again after this long... */
export const REFRESH_MS = 10_000;
/** ...and not used at all once this old (a remote redeployed in place at the same address). */
export const MAX_AGE_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

export interface PreloadLinksOptions {
  frontendsDir: string;
  /** The operator's remotes.json (REMOTES_MANIFEST), or the local builds when unset. */
  remotesManifest?: string;
  fetchJson?: (url: string) => Promise<unknown>;
  now?: () => number;
}

async function fetchJsonOnce(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The `Link` header of a payer page: preload hints for its remote's remoteEntry.js and the chunks
 * of the page's expose, so the browser fetches them beside the shell's own files instead of after
 * the federation runtime has run remoteEntry.js (bench/payer-page.mjs). Everything comes from what
 * is deployed at the time of the request: remotes.json says where the remote is, that remote's
 * own mf-manifest.json which files the page needs, and its chunk-integrity.json the hashes its
 * runtime loads them with (which a preload must carry too). A remote served from this server is
 * read from its dist/ (re-read when the file changes); one elsewhere is fetched in the background,
 * never while a page waits, and its answer is used for MAX_AGE_MS at most. A hint that is missing
 * or out of date costs a page some speed or bandwidth, never correctness: the federation runtime
 * still loads whatever the deployed remoteEntry.js asks for.
 */
export function createPreloadLinks({
  frontendsDir,
  remotesManifest,
  fetchJson = fetchJsonOnce,
  now = Date.now,
}: PreloadLinksOptions): (path: string, released?: readonly ReleasedEntry[]) => string | undefined {
  const onDisk = new Map<string, { stamp: string; value: unknown }>();
  const readJson = (file: string): unknown => {
    try {
      const { mtimeMs, size } = statSync(file);
      const stamp = `${mtimeMs}:${size}`;
      const known = onDisk.get(file);
      if (known?.stamp === stamp) return known.value;
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      onDisk.set(file, { stamp, value });
      return value;
    } catch {
      return undefined;
    }
  };

  const fetched = new Map<string, { at: number; value: unknown }>();
  const pending = new Set<string>();
  const fetchedJson = (url: string): unknown => {
    const known = fetched.get(url);
    const age = known ? now() - known.at : Infinity;
    if (age >= REFRESH_MS && !pending.has(url)) {
      pending.add(url);
      void fetchJson(url)
        .catch(() => undefined) // no hints for that remote until the next try
        .then((value) => {
          for (const [other, { at }] of fetched) if (now() - at >= MAX_AGE_MS) fetched.delete(other);
          fetched.set(url, { at: now(), value });
        })
        .finally(() => pending.delete(url));
    }
    return age < MAX_AGE_MS ? known?.value : undefined;
  };

  /** A file a remote's build writes beside its entry: from its dist/ when this server serves it (/remotes/<dir>/...), else fetched. */
  const besideEntry = (at: string | undefined): unknown => {
    if (!at) return undefined;
    if (!at.startsWith('/')) return fetchedJson(/^\/\//.test(at) ? `https:${at}` : at);
    const local = /^\/remotes\/([^/]+)\/(.+)$/.exec(at);
    const dir = local && remotePackages.find((remote) => remote.dir === local[1])?.dir;
    return dir && local ? readJson(join(frontendsDir, dir, 'dist', local[2] ?? '')) : undefined;
  };

  return (path, released = []) => {
    const id = publicPageModuleAt(path);
    if (!id) return undefined;
    // A shell that bundles the page itself (its single-bundle variant) lists the page's chunks.
    const bundled = bundledPageFiles(readJson(join(frontendsDir, 'shell', 'dist', 'page-chunks.json')), id);
    if (bundled) return preloadLinkHeader(bundled);
    const [container = '', expose = ''] = id.split('/');
    let remote;
    try {
      remote = currentManifest(frontendsDir, remotesManifest, released).remotes.find(({ name }) => name === container);
    } catch {
      return undefined; // an unreadable remotes.json: the shell's page says so, not this hint
    }
    if (!remote) return undefined;
    const manifest = besideEntry(manifestAddress(remote.entry));
    const files = remotePageFiles(manifest, expose, remote.entry);
    const integrity = remoteChunkIntegrity(besideEntry(chunkIntegrityAddress(remote.entry)), manifest, remote.entry);
    if (remote.integrity && files[0]) integrity[files[0]] = remote.integrity;
    return preloadLinkHeader(files, integrity);
  };
}
