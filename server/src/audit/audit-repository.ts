import type { AuditEntry } from '@paydesk/shared/schemas/audit';
import type { Db } from '../db/db';

export interface AuditRow {
  id: number | string;
  occurred_at: Date | string;
  actor_id: number | null;
  actor_email: string | null;
  action: AuditEntry['action'];
  client_ip: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  changes: AuditEntry['changes'] | string;
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const columns = 'id, occurred_at, actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes';

/**
 * The filters as conditions on the index of each (migration 026). A time range becomes a range of
 * ids: entries are numbered under the chain's lock and never dated earlier than the one before, so
 * id order is time order, and one index probe finds each end of the range.
 */
function conditions(filter: AuditFilter, params: unknown[]): string[] {
  const where: string[] = [];
  if (filter.action) where.push(`action = $${params.push(filter.action)}`);
  if (filter.actor) where.push(`actor_email = $${params.push(filter.actor)}`);
  if (filter.from) {
    where.push(
      `id >= (select id from audit_log where occurred_at >= $${params.push(filter.from)}::timestamptz order by occurred_at, id limit 1)`,
    );
  }
  if (filter.to) {
    where.push(
      `id <= (select id from audit_log where occurred_at <= $${params.push(filter.to)}::timestamptz order by occurred_at desc, id desc limit 1)`,
    );
  }
  return where;
}

/** Newest first, below `before` (keyset paging: as fast on the ten-thousandth page as on the first). */
export async function listAuditEntries(db: Db, filter: AuditFilter, before: number | undefined, limit: number): Promise<AuditRow[]> {
  const params: unknown[] = [];
  const where = conditions(filter, params);
  if (before !== undefined) where.push(`id < $${params.push(before)}`);
  const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
  return db.query<AuditRow>(`select ${columns} from audit_log ${whereSql} order by id desc limit $${params.push(limit)}`, params);
}

export const toWireEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  occurred_at: new Date(row.occurred_at).toISOString(),
  actor: row.actor_id === null || row.actor_email === null ? null : { id: Number(row.actor_id), email: row.actor_email },
  action: row.action,
  client_ip: row.client_ip,
  user_agent: row.user_agent,
  target: row.target_type === null || row.target_id === null ? null : { type: row.target_type, id: row.target_id },
  changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as AuditEntry['changes']) : row.changes,
});

/** Every filtered entry, newest first, a batch per statement: an export never holds them all. */
export async function* allAuditEntries(db: Db, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await listAuditEntries(db, filter, before, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    before = Number(rows[rows.length - 1]!.id);
  }
}
