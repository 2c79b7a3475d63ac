import type {
  CreateReleaseRequest,
  ReleasePreview,
  ReleaseWithHealth,
  RemoteRelease,
  RemoteSummary,
} from '@paydesk/shared/schemas/platform';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { conflict, notFound, unprocessable } from '../errors/domain-error';
import type { DeployTokenUse } from './deploy-tokens';
import { forgetReleased } from './live-releases';
import { isPreviewable } from './preview';
import { healthOf, recentHealth, releaseHealth } from './remote-reports';
import { checkRelease, entryWithoutCredentials, type GateContext } from './release-gate';
import * as repo from './releases-repository';
import { iso, isoOrNull } from '../db/timestamps';

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
    promoted_at: isoOrNull(row.promoted_at),
    canary_percent: row.canary_percent,
  };
}

/** The server acting on its own (an automatic rollback): no actor, no client. */
const SERVER: AuditWho = { actor: null, clientIp: null, userAgent: 'paydesk canary check' };

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
      const [rows, health] = await Promise.all([repo.listReleases(db), recentHealth(db)]);
      const byRemote = new Map<string, ReleaseWithHealth[]>();
      for (const row of rows) {
        const release = { ...toRelease(row), health: healthOf(health, row.remote, row.version) };
        byRemote.set(row.remote, [...(byRemote.get(row.remote) ?? []), release]);
      }
      const withStatus = (releases: ReleaseWithHealth[], status: RemoteRelease['status']) =>
        releases.find((r) => r.status === status) ?? null;
      return [...byRemote].map(([name, releases]) => ({
        name,
        live: withStatus(releases, 'live'),
        canary: withStatus(releases, 'canary'),
        releases,
      }));
    },

    /** `token`: the deploy token the release is made with, when not in a session. */
    async release(remote: string, input: CreateReleaseRequest, who: AuditWho, token?: DeployTokenUse): Promise<RemoteRelease> {
      if (await repo.findRelease(db, remote, input.version)) throw exists(remote, input.version);
      const verdict = await checkRelease({ remote, ...input }, await gateContext(remote));
      const common = { remote, version: input.version, releasedBy: who.actor?.id ?? null, deployTokenId: token?.id ?? null };
      const deployToken = token?.prefix ?? null;
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
            changes: values({ remote, version: input.version, entry, reason: verdict.reason, deploy_token: deployToken }),
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
          changes: values({ remote, version: input.version, entry, integrity, deploy_token: deployToken }),
        });
      });
      return toRelease(await found(db, remote, input.version));
    },

    /**
     * `percent` 100: live for everyone (a canary of another version ends); below 100: a canary for
     * that share of users beside the live release, replacing any other canary of the remote.
     */
    async promote(remote: string, version: string, percent: number, who: AuditWho): Promise<RemoteRelease> {
      await db.transaction(async (tx) => {
        const { live, canary } = await repo.lockRemote(tx, remote);
        const target = await found(tx, remote, version);
        if (percent < 100 && target.status === 'live') throw conflict(`${remote} ${version} is live for everyone already`, 'release_live');
        const unchanged = percent === 100 ? target.status === 'live' : target.status === 'canary' && target.canary_percent === percent;
        if (unchanged) return;
        if (canary && canary.version !== version) await repo.setStatus(tx, remote, canary.version, 'available');
        if (percent < 100) await repo.makeCanary(tx, remote, version, percent);
        else {
          if (live) await repo.setStatus(tx, remote, live.version, 'available');
          await repo.makeLive(tx, remote, version);
        }
        await recordAudit(tx, {
          action: 'remote.promoted',
          who,
          target: releaseTarget(remote, version),
          changes: values({ remote, version, percent, previous_version: live?.version ?? null }),
        });
      });
      forgetReleased(db);
      return toRelease(await found(db, remote, version));
    },

    /**
     * The server's own rollback of a canary that fails too often: once it has `minLoads` loads
     * reported, more than `maxFailureRate` of them failed. Only that version, only while it is the
     * canary, so two reports judging at once end it once and never touch the live release.
     */
    async judgeCanary(remote: string, version: string, limits: { minLoads: number; maxFailureRate: number }): Promise<boolean> {
      const { loads, failures } = await releaseHealth(db, remote, version);
      if (loads < limits.minLoads || failures / loads <= limits.maxFailureRate) return false;
      const reason = `${failures} of its ${loads} loads failed, more than ${Math.round(limits.maxFailureRate * 1000) / 10} %`;
      const ended = await db.transaction(async (tx) => {
        const { live, canary } = await repo.lockRemote(tx, remote);
        if (canary?.version !== version) return false;
        await repo.setStatus(tx, remote, version, 'rolled_back', `Rolled back by the server: ${reason}`);
        await recordAudit(tx, {
          action: 'remote.rolled_back',
          who: SERVER,
          target: releaseTarget(remote, version),
          changes: values({ remote, version: live?.version ?? null, previous_version: version, reason }),
        });
        return true;
      });
      if (ended) forgetReleased(db);
      return ended;
    },

    /** Starts a preview of an accepted release that is not live (`start` hands the browser its cookie), audited. */
    async preview(remote: string, version: string, who: AuditWho, start: () => Promise<ReleasePreview>): Promise<ReleasePreview> {
      const { status } = await found(db, remote, version);
      if (!isPreviewable(status))
        throw conflict(
          `${remote} ${version} is ${status === 'canary' ? 'a canary' : 'live'}: only a release not yet live is previewed`,
          'release_live',
        );
      const preview = await start();
      await recordAudit(db, { action: 'remote.previewed', who, target: releaseTarget(remote, version), changes: values(preview) });
      return preview;
    },

    /** Ends a running canary (rolled back), or else returns to the release live before the current one. */
    async rollback(remote: string, who: AuditWho): Promise<RemoteRelease> {
      const version = await db.transaction(async (tx) => {
        const { live, canary } = await repo.lockRemote(tx, remote);
        const back = canary ? live : await repo.previousLive(tx, remote);
        const from = canary ?? live;
        if (!from) throw conflict(`${remote} has no live release to roll back`, 'no_previous_release');
        if (!canary && !back)
          throw conflict(`${remote} ${from.version} is its first live release: there is none to return to`, 'no_previous_release');
        await repo.setStatus(tx, remote, from.version, 'rolled_back');
        if (!canary && back) await repo.makeLive(tx, remote, back.version);
        await recordAudit(tx, {
          action: 'remote.rolled_back',
          who,
          target: releaseTarget(remote, back?.version ?? from.version),
          changes: values({ remote, version: back?.version ?? null, previous_version: from.version }),
        });
        return back?.version ?? from.version;
      });
      forgetReleased(db);
      return toRelease(await found(db, remote, version));
    },
  };
}
