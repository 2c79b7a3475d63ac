import type { CreateReleaseRequest, RemoteRelease, RemoteSummary } from '@paydesk/shared/schemas/platform';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { conflict, notFound, unprocessable } from '../errors/domain-error';
import { forgetReleased } from './live-releases';
import { checkRelease, entryWithoutCredentials, type GateContext } from './release-gate';
import * as repo from './releases-repository';

const iso = (at: Date | string): string => new Date(at).toISOString();

export function toRelease(row: repo.ReleaseRow): RemoteRelease {
  return {
    remote: row.remote,
    version: row.version,
    entry: row.entry,
    integrity: row.integrity,
    status: row.status,
    reason: row.reason,
    released_by: row.released_by_name,
    released_at: iso(row.released_at),
    promoted_at: row.promoted_at === null ? null : iso(row.promoted_at),
  };
}

const releaseTarget = (remote: string, version: string) => ({ type: 'remote_release' as const, id: `${remote}@${version}` });
const exists = (remote: string, version: string) =>
  conflict(`${remote} ${version} is released already: give the new build a new version`, 'release_exists');

/**
 * The release registry (docs/decisions/remote-release-registry.md). A release is checked by the
 * gate before anything is stored; an accepted version is stored once (the unique index decides
 * between two at once), a refused one is recorded with its reason. Promotions and rollbacks of a
 * remote lock its releases, so they follow each other in every process.
 */
export function releasesService(db: Db, gateContext: (remote: string) => Promise<GateContext>) {
  const found = async (tx: Db, remote: string, version: string): Promise<repo.ReleaseRow> => {
    const row = await repo.findRelease(tx, remote, version);
    if (!row) throw notFound(`${remote} has no release ${version}`);
    return row;
  };

  return {
    async list(): Promise<RemoteSummary[]> {
      const byRemote = new Map<string, RemoteRelease[]>();
      for (const row of await repo.listReleases(db)) byRemote.set(row.remote, [...(byRemote.get(row.remote) ?? []), toRelease(row)]);
      return [...byRemote].map(([name, releases]) => ({ name, live: releases.find((r) => r.status === 'live') ?? null, releases }));
    },

    async release(remote: string, input: CreateReleaseRequest, who: AuditWho): Promise<RemoteRelease> {
      if (await repo.findRelease(db, remote, input.version)) throw exists(remote, input.version);
      const verdict = await checkRelease({ remote, ...input }, await gateContext(remote));
      const common = { remote, version: input.version, releasedBy: who.actor?.id ?? null };
      if (!verdict.ok) {
        // A password in a refused entry is never stored.
        const entry = entryWithoutCredentials(input.entry);
        await db.transaction(async (tx) => {
          const fields = { ...common, entry, integrity: input.integrity ?? null, areas: [], exposes: [], shared: {} };
          await repo.insertRelease(tx, { ...fields, status: 'refused', reason: verdict.reason });
          await recordAudit(tx, {
            action: 'remote.release_refused',
            who,
            target: releaseTarget(remote, input.version),
            changes: values({ remote, version: input.version, entry, reason: verdict.reason }),
          });
        });
        throw unprocessable(`Release refused: ${verdict.reason}`, 'release_refused');
      }
      const { entry, integrity, areas, exposes, shared } = verdict;
      await db.transaction(async (tx) => {
        if (!(await repo.insertRelease(tx, { ...common, entry, integrity, areas, exposes, shared, status: 'available', reason: null })))
          throw exists(remote, input.version);
        await recordAudit(tx, {
          action: 'remote.released',
          who,
          target: releaseTarget(remote, input.version),
          changes: values({ remote, version: input.version, entry, integrity }),
        });
      });
      return toRelease(await found(db, remote, input.version));
    },

    async promote(remote: string, version: string, who: AuditWho): Promise<RemoteRelease> {
      await db.transaction(async (tx) => {
        const live = await repo.lockRemote(tx, remote);
        const target = await found(tx, remote, version);
        if (target.status === 'live') return;
        if (live) await repo.setStatus(tx, remote, live.version, 'available');
        await repo.makeLive(tx, remote, version);
        await recordAudit(tx, {
          action: 'remote.promoted',
          who,
          target: releaseTarget(remote, version),
          changes: values({ remote, version, previous_version: live?.version ?? null }),
        });
      });
      forgetReleased(db);
      return toRelease(await found(db, remote, version));
    },

    async rollback(remote: string, who: AuditWho): Promise<RemoteRelease> {
      const version = await db.transaction(async (tx) => {
        const live = await repo.lockRemote(tx, remote);
        if (!live) throw conflict(`${remote} has no live release to roll back`, 'no_previous_release');
        const previous = await repo.previousLive(tx, remote);
        if (!previous)
          throw conflict(`${remote} ${live.version} is its first live release: there is none to return to`, 'no_previous_release');
        await repo.setStatus(tx, remote, live.version, 'rolled_back');
        await repo.makeLive(tx, remote, previous.version);
        await recordAudit(tx, {
          action: 'remote.rolled_back',
          who,
          target: releaseTarget(remote, previous.version),
          changes: values({ remote, version: previous.version, previous_version: live.version }),
        });
        return previous.version;
      });
      forgetReleased(db);
      return toRelease(await found(db, remote, version));
    },
  };
}
