import type { ApiKeyKind } from '@paydesk/shared/schemas/api-keys';
import type { Db } from '../db/db';

export interface KeyRow {
  id: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  publishable_key: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  /** Computed by the database's clock: past its grace period. */
  expired: boolean;
}

/** What the cache of a process holds: the keys that still work. */
export interface LiveKeyRow {
  id: string;
  kind: ApiKeyKind;
  key_hash: string;
  publishable_key: string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
}

const keyColumns = `k.id, k.kind, k.name, k.prefix, k.publishable_key, u.name as created_by_name, k.created_at, k.last_used_at,
  k.expires_at, k.revoked_at, (k.expires_at is not null and k.expires_at <= now()) as expired`;

export async function listKeys(db: Db): Promise<KeyRow[]> {
  return db.query<KeyRow>(`select ${keyColumns} from api_keys k left join users u on u.id = k.created_by order by k.created_at desc, k.id`);
}

export async function findKey(db: Db, id: string): Promise<KeyRow | undefined> {
  const [row] = await db.query<KeyRow>(`select ${keyColumns} from api_keys k left join users u on u.id = k.created_by where k.id = $1`, [
    id,
  ]);
  return row;
}

/** Keys that work now (not revoked, not past their grace period), oldest first. */
export async function liveKeys(db: Db): Promise<LiveKeyRow[]> {
  return db.query<LiveKeyRow>(
    `select id, kind, key_hash, publishable_key, expires_at, created_at from api_keys
     where revoked_at is null and (expires_at is null or expires_at > now()) order by created_at, id`,
  );
}

export async function keyVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ version: string }>('select version::text as version from api_key_state');
  return row?.version ?? '0';
}

/**
 * Moves the version that tells every process to reload its keys. First statement of every change's
 * transaction: its row lock puts the changes one after the other (KEY-07).
 */
export async function bumpKeyVersion(tx: Db): Promise<void> {
  await tx.query('update api_key_state set version = version + 1');
}

export interface NewKeyRow {
  id: string;
  kind: ApiKeyKind;
  name: string;
  keyHash: string;
  publishableKey: string | null;
  prefix: string;
  createdBy: number | null;
}

export async function insertKey(tx: Db, key: NewKeyRow): Promise<void> {
  await tx.query(
    `insert into api_keys (id, kind, name, key_hash, publishable_key, prefix, created_by) values ($1, $2, $3, $4, $5, $6, $7)`,
    [key.id, key.kind, key.name, key.keyHash, key.publishableKey, key.prefix, key.createdBy],
  );
}

/** Keys of a kind that keep working with no end date (not revoked, not rolled). */
export async function countLasting(tx: Db, kind: ApiKeyKind, except: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'select count(*)::int as n from api_keys where kind = $1 and id <> $2 and revoked_at is null and expires_at is null',
    [kind, except],
  );
  return row?.n ?? 0;
}

/** Keys of a kind ever made (revoked ones too): the environment's key is inserted when there is none. */
export async function countKind(tx: Db, kind: ApiKeyKind): Promise<number> {
  const [row] = await tx.query<{ n: number }>('select count(*)::int as n from api_keys where kind = $1', [kind]);
  return row?.n ?? 0;
}

/** Ends a rolled key after `graceHours` (or now), unless it ends sooner already. */
export async function endAfter(tx: Db, id: string, graceHours: number, rolledTo: string): Promise<void> {
  await tx.query(
    `update api_keys set expires_at = least(coalesce(expires_at, 'infinity'), now() + make_interval(hours => $2)), rolled_to = $3 where id = $1`,
    [id, graceHours, rolledTo],
  );
}

export async function revokeKey(tx: Db, id: string): Promise<void> {
  await tx.query('update api_keys set revoked_at = now() where id = $1 and revoked_at is null', [id]);
}

/** Writes the last-use times gathered since the last flush: one statement for every key. */
export async function recordLastUse(db: Db, uses: ReadonlyMap<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  await db.query(
    `update api_keys k set last_used_at = greatest(k.last_used_at, u.at)
     from unnest($1::text[], $2::timestamptz[]) as u(id, at) where k.id = u.id`,
    [[...uses.keys()], [...uses.values()].map((at) => at.toISOString())],
  );
}
