import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTargetType } from '@paydesk/shared/schemas/audit';
import { prepared, type Db } from '../db/db';

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
  'auth.sign_in': [],
  'auth.sign_in_failed': ['email', 'reason'],
  'auth.locked_out': ['email', 'failed_attempts', 'locked_minutes'],
  'auth.sign_out': [],
  'two_factor.enabled': [],
  'two_factor.disabled': [],
  'two_factor.reset': [],
  'user.created': ['name', 'email', 'role', 'status'],
  'user.updated': ['name', 'email', 'status', 'password_changed', 'sessions_ended'],
  'user.deleted': ['name', 'email', 'role', 'status'],
  'user.role_changed': ['role', 'sessions_ended'],
  'card.uploaded': ['rows', 'added', 'already_in_pool', 'rejected_count'],
  'card.blocked': ['status'],
  'card.unblocked': ['status'],
  'withdrawal.requested': ['reference', 'amount_cents', 'status'],
  'refund.issued': ['transaction_id', 'amount_cents', 'reason', 'status'],
  'webhook_endpoint.created': ['url', 'description', 'event_types', 'enabled'],
  'webhook_endpoint.updated': ['url', 'description', 'event_types', 'enabled'],
  'webhook_endpoint.rolled': ['previous_secret_expires_at'],
  'webhook_endpoint.deleted': ['url'],
  'api_key.created': ['name', 'kind', 'prefix'],
  'api_key.rolled': ['prefix', 'grace_hours'],
  'api_key.revoked': ['prefix'],
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

const insert = prepared(
  `insert into audit_log (actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes)
   values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
);

/**
 * Writes one entry in the caller's transaction, so the entry and the action commit or roll back
 * together (AUD-02). The database chains it (migration 026): the insert locks the chain's head
 * until the transaction ends, so call this last in the transaction, after every other lock
 * (docs/decisions/audit-trail.md). Outside a transaction the entry commits on its own (failed sign-ins).
 */
export async function recordAudit(tx: Db, entry: AuditRecord): Promise<void> {
  const { who, target } = entry;
  await tx.query(insert, [
    who.actor?.id ?? null,
    who.actor?.email ?? null,
    entry.action,
    who.clientIp,
    who.userAgent,
    target?.type ?? null,
    target === undefined ? null : String(target.id),
    JSON.stringify(allowedChanges(entry.action, entry.changes)),
  ]);
}
