import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../config';

/**
 * How an entry's hash links it to the one before: the `hash_scheme` column (migration 028).
 * Unkeyed entries were chained by the database before migration 028 (AUD-07); every later entry
 * is keyed by the server with the audit key, which the database never sees (AUD-08,
 * docs/decisions/audit-chain-anchored-outside-the-database.md).
 */
export const UNKEYED = 1;
export const KEYED = 2;
export type HashScheme = typeof UNKEYED | typeof KEYED;

/**
 * The audit key: HKDF-SHA256 of CARD_STORAGE_KEY, the deployment's long-lived key that never leaves
 * the server, with an info string of its own, so it is independent of the card pool's key and does
 * not reveal it (docs/decisions/audit-chain-anchored-outside-the-database.md).
 */
export const auditKeyOf = (config: Pick<Config, 'cardStorageKey'>): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(config.cardStorageKey, 'hex'), Buffer.alloc(0), 'paydesk audit chain', 32));

let processKey: Buffer | undefined;

/**
 * The key `recordAudit` keys entries with. A process serves one configuration, so one key: the app
 * sets it when it registers the audit routes (every service that audits runs inside an app).
 */
export function useAuditKey(key: Buffer): void {
  processKey = key;
}

export function currentAuditKey(): Buffer {
  if (!processKey) throw new Error('No audit key: an app sets it from its configuration (useAuditKey) before any entry is written');
  return processKey;
}

/** An entry's time as its hash covers it: UTC to the microsecond, as migration 026's `audit_entry_text` writes it. */
export const utcMicros = (expression: string): string =>
  `pg_catalog.to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface EntryFields {
  id: number;
  /** As `utcMicros` gives it. */
  occurredAt: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  clientIp: string | null;
  userAgent: string | null;
  targetType: string | null;
  targetId: string | null;
  /** The changes as PostgreSQL prints the stored jsonb (`changes::text`). */
  changes: string;
}

const json = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * The canonical text an entry's hash covers, built here from the columns rather than by the
 * database's `audit_entry_text`, so that redefining that function cannot make a changed entry
 * verify. It is the same text: `jsonb_build_array(...)::text` prints numbers as digits and strings
 * with the escapes `JSON.stringify` uses, and the changes are the jsonb's own printing
 * (server/test/audit-anchor.test.ts compares the two).
 */
export const entryText = (entry: EntryFields): string =>
  `[${entry.id}, ${json(entry.occurredAt)}, ${entry.actorId ?? 'null'}, ${json(entry.actorEmail)}, ${json(entry.action)}, ` +
  `${json(entry.clientIp)}, ${json(entry.userAgent)}, ${json(entry.targetType)}, ${json(entry.targetId)}, ${entry.changes}]`;

/** An entry's columns as ENTRY_COLUMNS selects them. */
export interface EntryRow {
  id: number | string;
  occurred_at: string;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  client_ip: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  changes: string;
}

/** The select list that reads an entry's columns as its text needs them. */
export const ENTRY_COLUMNS = `id, ${utcMicros('occurred_at')} as occurred_at, actor_id, actor_email, action, client_ip, user_agent,
  target_type, target_id, changes::text as changes`;

/** entryText of a row read with ENTRY_COLUMNS. */
export const entryTextOf = (row: EntryRow): string =>
  entryText({
    id: Number(row.id),
    occurredAt: row.occurred_at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    targetType: row.target_type,
    targetId: row.target_id,
    changes: row.changes,
  });

/** The link: sha256(prev_hash || text) unkeyed, HMAC-SHA256 under the audit key keyed. */
export const linkHash = (scheme: HashScheme, key: Buffer, previous: Buffer, text: string): Buffer =>
  (scheme === KEYED ? createHmac('sha256', key) : createHash('sha256')).update(previous).update(text, 'utf8').digest();
