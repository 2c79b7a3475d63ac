import type { RemoteArea } from '@paydesk/shared/areas';
import type { ReleaseStatus } from '@paydesk/shared/schemas/platform';
import { isUniqueViolation, type Db } from '../db/db';

export interface ReleaseRow {
  remote: string;
  version: string;
  entry: string;
  integrity: string | null;
  areas: RemoteArea[];
  exposes: string[];
  status: ReleaseStatus;
  reason: string | null;
  released_by_name: string | null;
  released_at: Date | string;
  promoted_at: Date | string | null;
  canary_percent: number | null;
}

export interface NewRelease {
  remote: string;
  version: string;
  entry: string;
  integrity: string | null;
  areas: readonly RemoteArea[];
  exposes: readonly string[];
  shared: Record<string, string>;
  status: 'available' | 'refused';
  reason: string | null;
  releasedBy: number | null;
  deployTokenId: string | null;
}

// Who released it: the user of the session, or the deploy token a team's CI used.
const columns = `r.remote, r.version, r.entry, r.integrity, r.areas, r.exposes, r.status, r.reason,
  coalesce(u.name, 'deploy token ' || t.prefix) as released_by_name, r.released_at, r.promoted_at, r.canary_percent`;
const fromReleases = `from remote_releases r left join users u on u.id = r.released_by
  left join deploy_tokens t on t.id = r.deploy_token_id`;

/** Records a release; false when an accepted release of that version exists already. */
export async function insertRelease(db: Db, release: NewRelease): Promise<boolean> {
  try {
    await db.query(
      `insert into remote_releases (remote, version, entry, integrity, areas, exposes, shared, status, reason, released_by, deploy_token_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        release.remote,
        release.version,
        release.entry,
        release.integrity,
        JSON.stringify(release.areas),
        JSON.stringify(release.exposes),
        JSON.stringify(release.shared),
        release.status,
        release.reason,
        release.releasedBy,
        release.deployTokenId,
      ],
    );
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** An accepted release (not a refused attempt) of that version. */
export async function findRelease(db: Db, remote: string, version: string): Promise<ReleaseRow | undefined> {
  const [row] = await db.query<ReleaseRow>(
    `select ${columns} ${fromReleases} where r.remote = $1 and r.version = $2 and r.status <> 'refused'`,
    [remote, version],
  );
  return row;
}

/** Every release, newest first within each remote. */
export async function listReleases(db: Db): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(`select ${columns} ${fromReleases} order by r.remote, r.id desc`);
}

/** The live releases and the canaries, by remote. */
export async function liveReleases(db: Db): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(`select ${columns} ${fromReleases} where r.status in ('live', 'canary') order by r.remote, r.status desc`);
}

/**
 * Locks the remote's releases for the rest of the transaction: promotions and rollbacks of one
 * remote wait for each other, in every process. Returns the live one and the canary, if any.
 */
export async function lockRemote(tx: Db, remote: string): Promise<{ live?: ReleaseRow; canary?: ReleaseRow }> {
  await tx.query(`select id from remote_releases where remote = $1 and status <> 'refused' for update`, [remote]);
  const rows = await tx.query<ReleaseRow>(`select ${columns} ${fromReleases} where r.remote = $1 and r.status in ('live', 'canary')`, [
    remote,
  ]);
  return { live: rows.find((row) => row.status === 'live'), canary: rows.find((row) => row.status === 'canary') };
}

/** A status other than live or canary (a canary's share goes with it); `reason`: why the server rolled it back. */
export async function setStatus(
  tx: Db,
  remote: string,
  version: string,
  status: 'available' | 'rolled_back',
  reason: string | null = null,
): Promise<void> {
  await tx.query(
    `update remote_releases set status = $3, canary_percent = null, reason = $4 where remote = $1 and version = $2 and status <> 'refused'`,
    [remote, version, status, reason],
  );
}

export async function makeCanary(tx: Db, remote: string, version: string, percent: number): Promise<void> {
  await tx.query(
    `update remote_releases set status = 'canary', canary_percent = $3, reason = null where remote = $1 and version = $2 and status <> 'refused'`,
    [remote, version, percent],
  );
}

export async function makeLive(tx: Db, remote: string, version: string): Promise<void> {
  await tx.query(
    `update remote_releases set status = 'live', canary_percent = null, reason = null, promoted_at = now()
     where remote = $1 and version = $2 and status <> 'refused'`,
    [remote, version],
  );
}

/** The release that was live before the current one: the latest promoted among those no longer live. */
export async function previousLive(tx: Db, remote: string): Promise<ReleaseRow | undefined> {
  const [row] = await tx.query<ReleaseRow>(
    `select ${columns} ${fromReleases} where r.remote = $1 and r.status = 'available' and r.promoted_at is not null
     order by r.promoted_at desc, r.id desc limit 1`,
    [remote],
  );
  return row;
}
