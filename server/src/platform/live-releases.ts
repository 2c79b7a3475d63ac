import type { RemoteArea } from '@paydesk/shared/areas';
import type { Db } from '../db/db';
import { liveReleases } from './releases-repository';

/** A live release, or a canary, as /remotes.json and the shell page's headers need it. */
export interface ReleasedRemote {
  name: string;
  entry: string;
  version: string;
  integrity: string | null;
  areas: RemoteArea[];
  exposes: string[];
  /** A canary's share of users, 1 to 99 (rollout.ts decides who); null for the live release. */
  canary: number | null;
}

/**
 * The live releases and canaries are read on every page load (/remotes.json, the shell page's script origins):
 * each process keeps them for a second, and forgets them at once when it changes them itself, so a
 * promotion reaches this process's next page load and every other process's within a second.
 */
const TTL_MS = 1_000;
const cache = new WeakMap<Db, { at: number; releases: Promise<ReleasedRemote[]> }>();

export function releasedRemotes(db: Db): Promise<ReleasedRemote[]> {
  const kept = cache.get(db);
  if (kept && Date.now() - kept.at < TTL_MS) return kept.releases;
  const releases = liveReleases(db).then((rows) =>
    rows.map(({ remote, entry, version, integrity, areas, exposes, canary_percent }) => ({
      name: remote,
      entry,
      version,
      integrity,
      areas,
      exposes,
      canary: canary_percent,
    })),
  );
  // A failed read is not kept: the next page load asks again.
  releases.catch(() => cache.delete(db));
  cache.set(db, { at: Date.now(), releases });
  return releases;
}

export const forgetReleased = (db: Db): void => {
  cache.delete(db);
};
