import type { Db } from '../db/db';
import { ENTRY_COLUMNS, entryTextOf, KEYED, linkHash, UNKEYED, utcMicros, type EntryRow } from './audit-chain';
import type { AuditCheckpoint } from './audit-checkpoints';

/**
 * What broke the trail, for whoever acts on it:
 * - `removed`: entries are missing, in the middle or at the end (the head or a checkpoint names a later one);
 * - `changed`: an unkeyed entry's content or a link no longer matches its hash;
 * - `re-hashed`: an entry was rewritten without the audit key (its HMAC does not match, it lost its key,
 *   or a checkpoint recorded another hash for it);
 * - `rewound`: the head was moved back, and perhaps the trail written again from there.
 */
export type BreakKind = 'removed' | 'changed' | 're-hashed' | 'rewound';

export type ChainCheck =
  | {
      intact: true;
      entries: number;
      /** Entries before the first keyed one: written before migration 028 with plain SHA-256 links. */
      unkeyed: number;
      /** Checkpoints compared, and the newest of them. */
      checkpoints: number;
      newestCheckpoint: AuditCheckpoint | undefined;
    }
  | {
      intact: false;
      entries: number;
      broken: { id: number; occurredAt: string; action: string };
      kind: BreakKind;
      reason: string;
    };

export interface VerifyOptions {
  /** The audit key (auditKeyOf): keyed entries' HMACs are recomputed with it. */
  key: Buffer;
  /** Heads recorded outside the database (AUD-09): without them, entries removed from the end go unnoticed. */
  checkpoints?: readonly AuditCheckpoint[];
  /** Entries read per statement. */
  batch?: number;
}

interface ChainRow extends EntryRow {
  prev_hash: Uint8Array;
  hash: Uint8Array;
  hash_scheme: number;
}

type Shown = { id: number | string; occurred_at: string; action: string };

const GENESIS = Buffer.alloc(32);

const shown = (row: Shown | undefined) =>
  row
    ? { id: Number(row.id), occurredAt: new Date(row.occurred_at).toISOString(), action: row.action }
    : { id: 0, occurredAt: new Date(0).toISOString(), action: '(none)' };

const rows = (db: Db, after: number, batch: number) =>
  db.query<ChainRow>(`select ${ENTRY_COLUMNS}, prev_hash, hash, hash_scheme from audit_log where id > $1 order by id limit $2`, [
    after,
    batch,
  ]);

/**
 * The columns' types as migrations 026 and 028 made them. A type the table's owner created could
 * carry a cast of its own that prints whatever text an entry had before, so verify refuses to read
 * any other.
 */
const columnTypes: Record<string, string> = {
  id: 'bigint',
  occurred_at: 'timestamp with time zone',
  actor_id: 'integer',
  actor_email: 'text',
  action: 'text',
  client_ip: 'text',
  user_agent: 'text',
  target_type: 'text',
  target_id: 'text',
  changes: 'jsonb',
  prev_hash: 'bytea',
  hash: 'bytea',
  hash_scheme: 'smallint',
};

async function unexpectedColumn(db: Db): Promise<string | undefined> {
  const columns = await db.query<{ name: string; type: string }>(
    `select attname as name, pg_catalog.format_type(atttypid, atttypmod) as type
       from pg_catalog.pg_attribute where attrelid = 'audit_log'::regclass and attnum > 0 and not attisdropped`,
  );
  const found = new Map(columns.map((column) => [column.name, column.type]));
  if (!found.has('hash_scheme')) return 'audit_log has no hash_scheme: the database has not had migration 028 yet (start the server once)';
  for (const [name, type] of Object.entries(columnTypes)) {
    if (found.get(name) !== type) return `audit_log.${name} is ${found.get(name) ?? 'missing'}, not ${type}`;
  }
  return undefined;
}

const range = (from: number, to: number) => (from === to ? `entry ${from} is` : `entries ${from} to ${to} are`);

/**
 * Walks the audit trail in id order, a batch per statement, and recomputes every link in Node from
 * the entry's columns (AUD-07, AUD-08): sha256 for entries written before migration 028, the HMAC
 * under the audit key after; once an entry is keyed, every later one must be. It compares each
 * checkpoint with the entry it names (AUD-09), and the head with the last entry. A changed entry
 * breaks its own hash, a removed one the link of the entry after it (ids have no gaps), entries
 * removed at the end disagree with the head or a checkpoint, a re-hashed keyed entry its HMAC (the
 * database never had the key). Reports the first break.
 */
export async function verifyAuditChain(db: Db, { key, checkpoints = [], batch = 5000 }: VerifyOptions): Promise<ChainCheck> {
  const column = await unexpectedColumn(db);
  if (column)
    return {
      intact: false,
      entries: 0,
      broken: shown(undefined),
      kind: 'changed',
      reason: `${column}: its entries cannot be read as written`,
    };
  const checkpointsAt = new Map<number, AuditCheckpoint[]>();
  for (const checkpoint of checkpoints) checkpointsAt.set(checkpoint.id, [...(checkpointsAt.get(checkpoint.id) ?? []), checkpoint]);
  const newestCheckpoint = checkpoints.reduce<AuditCheckpoint | undefined>(
    (newest, c) => (newest && newest.id >= c.id ? newest : c),
    undefined,
  );

  let previousHash: Buffer = GENESIS;
  let previousId = 0;
  let entries = 0;
  let unkeyed = 0;
  let last: ChainRow | undefined;
  for (;;) {
    const batchRows = await rows(db, previousId, batch);
    for (const row of batchRows) {
      const id = Number(row.id);
      const broken = (kind: BreakKind, reason: string): ChainCheck => ({ intact: false, entries, broken: shown(row), kind, reason });
      if (id !== previousId + 1) return broken('removed', `${range(previousId + 1, id - 1)} missing`);
      if (!previousHash.equals(Buffer.from(row.prev_hash))) return broken('changed', 'its link to the entry before does not match');
      const scheme = row.hash_scheme;
      if (scheme !== KEYED && scheme !== UNKEYED) return broken('changed', `its hash scheme ${scheme} is unknown`);
      if (scheme === UNKEYED && entries > unkeyed) {
        return broken(
          're-hashed',
          `it is not keyed, but entry ${previousId} before it is: it was written or re-hashed without the audit key`,
        );
      }
      const text = entryTextOf(row);
      const hash = Buffer.from(row.hash);
      if (!linkHash(scheme, key, previousHash, text).equals(hash)) {
        return scheme === KEYED
          ? broken('re-hashed', 'its content does not match its keyed hash: it was changed, or re-hashed without the audit key')
          : broken('changed', 'its content does not match its hash');
      }
      const differing = checkpointsAt.get(id)?.find((checkpoint) => !Buffer.from(checkpoint.hash, 'base64url').equals(hash));
      if (differing) {
        // A keyed entry with a valid HMAC was written by the server: a second, different entry under this id means the head went back.
        return scheme === KEYED
          ? broken(
              'rewound',
              `it is not the entry ${id} checkpointed at ${differing.at}: the chain's head was moved back before it and the trail written again`,
            )
          : broken('re-hashed', `it is not the entry ${id} checkpointed at ${differing.at}: the trail was rewritten up to it`);
      }
      if (scheme === UNKEYED) unkeyed += 1;
      previousHash = hash;
      previousId = id;
      entries += 1;
      last = row;
    }
    if (batchRows.length < batch) break;
  }

  const atEnd = (kind: BreakKind, reason: string): ChainCheck => ({ intact: false, entries, broken: shown(last), kind, reason });
  if (newestCheckpoint && newestCheckpoint.id > previousId) {
    return atEnd(
      'removed',
      `${previousId === 0 ? 'the trail is empty' : 'the trail ends here'}, but entry ${newestCheckpoint.id} was checkpointed at ${newestCheckpoint.at}: ` +
        `${range(previousId + 1, newestCheckpoint.id)} removed`,
    );
  }
  const [head] = await db.query<{ last_id: number | string; last_hash: Uint8Array }>('select last_id, last_hash from audit_chain_head');
  if (!head) return atEnd('removed', "the chain's head is missing");
  const headId = Number(head.last_id);
  if (headId > previousId) return atEnd('removed', `the chain's head names entry ${headId}: the entries after this one are missing`);
  if (headId < previousId) {
    const [after] = await db.query<Shown>(`select id, ${utcMicros('occurred_at')} as occurred_at, action from audit_log where id = $1`, [
      headId + 1,
    ]);
    return {
      intact: false,
      entries: headId,
      broken: shown(after),
      kind: 'rewound',
      reason: `the chain's head was moved back to entry ${headId}, but ${range(headId + 1, previousId)} still there`,
    };
  }
  if (!previousHash.equals(Buffer.from(head.last_hash))) return atEnd('changed', "the chain's head does not match this entry");
  return { intact: true, entries, unkeyed, checkpoints: checkpoints.length, newestCheckpoint };
}

export const describeBreak = (check: Extract<ChainCheck, { intact: false }>): string =>
  `Audit trail broken${check.broken.id === 0 ? '' : ` at entry ${check.broken.id} (${check.broken.occurredAt}, ${check.broken.action})`}: ` +
  `${check.reason}. ${check.entries} ${check.entries === 1 ? 'entry' : 'entries'} before the break verified.`;
