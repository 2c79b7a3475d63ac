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
}

const columns = `r.remote, r.version, r.entry, r.integrity, r.areas, r.exposes, r.status, r.reason, u.name as released_by_name,
  r.released_at, r.promoted_at`;
const fromReleases = 'from remote_releases r left join users u on u.id = r.released_by';

/** Records a release; false when an accepted release of that version exists already. */
export async function insertRelease(db: Db, release: NewRelease): Promise<boolean> {
  try {
    await db.query(
      `insert into remote_releases (remote, version, entry, integrity, areas, exposes, shared, status, reason, released_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
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

export async function liveReleases(db: Db): Promise<ReleaseRow[]> {
  return db.query<ReleaseRow>(`select ${columns} ${fromReleases} where r.status = 'live' order by r.remote`);
}

/**
 * Locks the remote's releases for the rest of the transaction: promotions and rollbacks of one
 * remote wait for each other, in every process. Returns the live one, if any.
 */
export async function lockRemote(tx: Db, remote: string): Promise<ReleaseRow | undefined> {
  await tx.query(`select id from remote_releases where remote = $1 and status <> 'refused' for update`, [remote]);
  const [live] = await tx.query<ReleaseRow>(`select ${columns} ${fromReleases} where r.remote = $1 and r.status = 'live'`, [remote]);
  return live;
}

export async function setStatus(tx: Db, remote: string, version: string, status: ReleaseStatus): Promise<void> {
  await tx.query(`update remote_releases set status = $3 where remote = $1 and version = $2 and status <> 'refused'`, [
    remote,
    version,
    status,
  ]);
}

export async function makeLive(tx: Db, remote: string, version: string): Promise<void> {
  await tx.query(
    `update remote_releases set status = 'live', promoted_at = now() where remote = $1 and version = $2 and status <> 'refused'`,
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
