import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTargetType } from '@paydesk/shared/schemas/audit';
import { prepared, type Db } from '../db/db';
import { currentAuditKey, entryText, KEYED, linkHash, utcMicros, type EntryFields } from './audit-chain';

/** Who did it and from where: the actor as they were at the time, or null when nobody is signed in. */
export interface AuditWho {
  actor: { id: number; email: string } | null;
  clientIp: string | null;
  userAgent: string | null;
}

/** A plain value an entry may show: never an object, which could carry anything. */
export type AuditValue = string | number | boolean | null | readonly string[];
export interface AuditChange {
  from?: AuditValue;
  to?: AuditValue;
}

export interface AuditRecord {
  action: AuditAction;
  who: AuditWho;
  target?: { type: AuditTargetType; id: string | number };
  /** Field by field; a field not on the action's allow-list is dropped (AUD-03). */
  changes?: Record<string, AuditChange>;
}

/**
 * The only fields each action's entry may carry (AUD-03). An allow-list, so that a field added to
 * a row later (a secret, a hash, a card number) stays out of the trail until someone adds it here.
 */
export const auditFields: Record<AuditAction, readonly string[]> = {
  // How the session was opened, and the passkey's name when one was used (AUTH-18, AUTH-19).
  'auth.sign_in': ['method', 'passkey'],
  'auth.sign_in_failed': ['email', 'reason'],
  'auth.locked_out': ['email', 'failed_attempts', 'locked_minutes'],
  'auth.sign_out': [],
  'two_factor.enabled': [],
  'two_factor.disabled': [],
  'two_factor.reset': ['passkeys_removed'],
  'passkey.registered': ['name', 'transports', 'sessions_ended'],
  'passkey.renamed': ['name'],
  'passkey.removed': ['name'],
  'user.created': ['name', 'email', 'role', 'status'],
  'user.updated': ['name', 'email', 'status', 'password_changed', 'sessions_ended'],
  'user.deleted': ['name', 'email', 'role', 'status'],
  'user.role_changed': ['role', 'sessions_ended'],
  'card.uploaded': ['rows', 'added', 'already_in_pool', 'rejected_count'],
  'card.blocked': ['status'],
  'card.unblocked': ['status'],
  'withdrawal.requested': ['reference', 'amount_cents', 'status'],
  'refund.issued': ['transaction_id', 'amount_cents', 'reason', 'status'],
  'dispute.opened': ['transaction_id', 'amount_cents', 'reason', 'status'],
  // The names of the evidence fields given, never their text: it may hold a customer's details.
  'dispute.evidence_saved': ['transaction_id', 'evidence_fields', 'status'],
  'dispute.evidence_submitted': ['transaction_id', 'evidence_fields', 'status'],
  'dispute.accepted': ['transaction_id', 'status'],
  'file.uploaded': ['purpose', 'type', 'size'],
  'webhook_endpoint.created': ['url', 'description', 'event_types', 'enabled'],
  'webhook_endpoint.updated': ['url', 'description', 'event_types', 'enabled'],
  'webhook_endpoint.rolled': ['previous_secret_expires_at'],
  'webhook_endpoint.deleted': ['url'],
  'api_key.created': ['name', 'kind', 'prefix'],
  'api_key.rolled': ['prefix', 'grace_hours'],
  'api_key.revoked': ['prefix'],
  'remote.released': ['remote', 'version', 'entry', 'integrity', 'deploy_token'],
  'remote.release_refused': ['remote', 'version', 'entry', 'reason', 'deploy_token'],
  'remote.promoted': ['remote', 'version', 'percent', 'previous_version'],
  'remote.rolled_back': ['remote', 'version', 'previous_version', 'reason'],
  'remote.previewed': ['remote', 'version', 'expires_at'],
  'deploy_token.created': ['remote', 'prefix'],
  'deploy_token.revoked': ['remote', 'prefix'],
  // A role's permissions before and after, closed under the catalogue's implications (PERM-08).
  'role.created': ['name', 'description', 'permissions'],
  'role.updated': ['name', 'description', 'permissions'],
  'role.deleted': ['name', 'description', 'permissions'],
};

const MAX_USER_AGENT = 512;
const MAX_TEXT = 2048;

const plain = (value: unknown): AuditValue | undefined => {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
};

/** The changes cut to the action's allow-list, each side a plain value. */
export function allowedChanges(action: AuditAction, changes: Record<string, AuditChange> = {}): Record<string, AuditChange> {
  const safe: Record<string, AuditChange> = {};
  for (const field of auditFields[action]) {
    const change = changes[field];
    if (!change) continue;
    const out: AuditChange = {};
    if ('from' in change && plain(change.from) !== undefined) out.from = plain(change.from);
    if ('to' in change && plain(change.to) !== undefined) out.to = plain(change.to);
    if ('from' in out || 'to' in out) safe[field] = out;
  }
  return safe;
}

/** The fields of `after` that differ from `before`, as changes. */
export function diff<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const from = plain(before[field]);
    const to = plain(after[field]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** Values set or seen without a "before": each as `{ to }`. */
export const values = (fields: Record<string, unknown>): Record<string, AuditChange> =>
  Object.fromEntries(Object.entries(fields).map(([field, to]) => [field, { to: plain(to) ?? null }]));

/** Values removed: each as `{ from }`. */
export const removed = (fields: Record<string, unknown>): Record<string, AuditChange> =>
  Object.fromEntries(Object.entries(fields).map(([field, from]) => [field, { from: plain(from) ?? null }]));

/** The request's side of an entry; the actor is the signed-in caller, if any. */
export function auditWho(request: FastifyRequest): AuditWho {
  const userAgent = request.headers['user-agent'];
  return {
    actor: request.auth ? { id: request.auth.userId, email: request.auth.email } : null,
    clientIp: request.ip || null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
  };
}

/** The same request with another actor (sign-in: the user who just proved who they are). */
export const asActor = (who: AuditWho, actor: AuditWho['actor']): AuditWho => ({ ...who, actor });

/**
 * Locks the chain's head (migration 026) and reads what the new entry's HMAC covers: the hash
 * before it, its number and time, and its changes as PostgreSQL will print them once stored.
 */
const lockHead = prepared(
  `select last_id, last_hash, ${utcMicros('greatest(clock_timestamp(), last_at)')} as occurred_at, $1::jsonb::text as changes
     from audit_chain_head where only_row for update`,
);

/** The trigger (migration 028) checks that the entry follows the head and moves the head to it. */
const insertKeyed = prepared(
  `insert into audit_log (id, occurred_at, actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes, hash, hash_scheme)
   values ($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, ${KEYED})`,
);

interface LockedHead {
  last_id: number | string;
  last_hash: Uint8Array;
  occurred_at: string;
  changes: string;
}

/**
 * Writes one entry in the caller's transaction, so the entry and the action commit or roll back
 * together (AUD-02). Its link is an HMAC under the audit key, computed here while the chain's head
 * is locked, so the database holds the result but never the key (AUD-08). The lock lasts until
 * the transaction ends, so call this last in the transaction, after every other lock
 * (docs/decisions/audit-trail.md). Outside a transaction the entry commits on its own (failed sign-ins).
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  const key = currentAuditKey();
  const { who, target } = entry;
  const changes = JSON.stringify(allowedChanges(entry.action, entry.changes));
  // Reading the head and inserting after it must be one transaction: the caller's, or one of its own.
  await db.transaction(async (tx) => {
    const [head] = await tx.query<LockedHead>(lockHead, [changes]);
    if (!head) throw new Error('audit_chain_head has no row (migration 026)');
    const fields: EntryFields = {
      id: Number(head.last_id) + 1,
      occurredAt: head.occurred_at,
      actorId: who.actor?.id ?? null,
      actorEmail: who.actor?.email ?? null,
      action: entry.action,
      clientIp: who.clientIp,
      userAgent: who.userAgent,
      targetType: target?.type ?? null,
      targetId: target === undefined ? null : String(target.id),
      changes: head.changes,
    };
    const hash = linkHash(KEYED, key, Buffer.from(head.last_hash), entryText(fields));
    await tx.query(insertKeyed, [
      fields.id,
      fields.occurredAt,
      fields.actorId,
      fields.actorEmail,
      fields.action,
      fields.clientIp,
      fields.userAgent,
      fields.targetType,
      fields.targetId,
      changes,
      hash,
    ]);
  });
}
