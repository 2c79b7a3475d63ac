import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { remotePackages } from '@paydesk/shared/remote-packages';

/** A remote manifest fetched from elsewhere is fetched again after this long... */
export const REFRESH_MS = 10_000;
/** ...and not used at all once this old (a remote redeployed in place at the same address). */
export const MAX_AGE_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;

export interface RemoteFilesOptions {
  frontendsDir: string;
  fetchJson?: (url: string) => Promise<unknown>;
  now?: () => number;
}

export interface RemoteFiles {
  /** A JSON file on this server's disk, parsed once per version of the file; nothing when unreadable. */
  readJson: (file: string) => unknown;
  /** A text file on this server's disk, read once per version of the file; nothing when unreadable. */
  readText: (file: string) => string | undefined;
  /** The file at a remote's address, from its dist/ when this server serves it, else fetched. */
  besideEntry: (address: string | undefined) => unknown;
  /** The file at a remote's address only when this server serves it from a remote's dist/. */
  onThisServer: (address: string | undefined) => unknown;
}

async function fetchJsonOnce(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The files a remote's build writes beside its entry (mf-manifest.json, chunk-integrity.json,
 * expose-shares.json, first-view.json), as a page request reads them. A remote served from this server is read from
 * its dist/ (re-read when the file changes); one elsewhere is fetched in the background, never
 * while a page waits, and its answer is used for MAX_AGE_MS at most.
 */
export function createRemoteFiles({ frontendsDir, fetchJson = fetchJsonOnce, now = Date.now }: RemoteFilesOptions): RemoteFiles {
  const onDisk = new Map<string, { stamp: string; value: unknown }>();
  const readOnDisk = (file: string, parse: (text: string) => unknown): unknown => {
    try {
      const { mtimeMs, size } = statSync(file);
      const stamp = `${mtimeMs}:${size}`;
      const known = onDisk.get(file);
      if (known?.stamp === stamp) return known.value;
      const value = parse(readFileSync(file, 'utf8'));
      onDisk.set(file, { stamp, value });
      return value;
    } catch {
      return undefined;
    }
  };
  const readJson = (file: string): unknown => readOnDisk(file, JSON.parse);
  const readText = (file: string): string | undefined => readOnDisk(file, (text) => text) as string | undefined;

  const fetched = new Map<string, { at: number; value: unknown }>();
  const pending = new Set<string>();
  const fetchedJson = (url: string): unknown => {
    const known = fetched.get(url);
    const age = known ? now() - known.at : Infinity;
    if (age >= REFRESH_MS && !pending.has(url)) {
      pending.add(url);
      void fetchJson(url)
        .catch(() => undefined) // nothing from that remote until the next try
        .then((value) => {
          for (const [other, { at }] of fetched) if (now() - at >= MAX_AGE_MS) fetched.delete(other);
          fetched.set(url, { at: now(), value });
        })
        .finally(() => pending.delete(url));
    }
    return age < MAX_AGE_MS ? known?.value : undefined;
  };

  const onThisServer = (at: string | undefined): unknown => {
    const local = at && /^\/remotes\/([^/]+)\/(.+)$/.exec(at);
    const dir = local && remotePackages.find((remote) => remote.dir === local[1])?.dir;
    return dir && local ? readJson(join(frontendsDir, dir, 'dist', local[2] ?? '')) : undefined;
  };
  const besideEntry = (at: string | undefined): unknown => {
    if (!at) return undefined;
    if (!at.startsWith('/')) return fetchedJson(/^\/\//.test(at) ? `https:${at}` : at);
    return onThisServer(at);
  };
  return { readJson, readText, besideEntry, onThisServer };
}
