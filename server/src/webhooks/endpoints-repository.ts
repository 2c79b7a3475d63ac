import type { EventType } from '@paydesk/shared/schemas/webhooks';
import type { Db } from '../db/db';
import type { StoredUrl } from './endpoints-url';

export interface EndpointRow {
  id: string;
  /** As shown (HOOK-07); the whole URL is `url_sealed` when that is set. */
  url: string;
  url_sealed: string | null;
  description: string | null;
  event_types: EventType[];
  enabled: boolean;
  failing: boolean;
  previous_secret_expires_at: Date | null;
  created_at: Date;
}

const columns = `id, url, url_sealed, description, event_types, enabled, failing_since is not null as failing,
  case when previous_secret_expires_at > now() then previous_secret_expires_at end as previous_secret_expires_at, created_at`;

export const listEndpoints = (db: Db): Promise<EndpointRow[]> =>
  db.query<EndpointRow>(`select ${columns} from webhook_endpoints where deleted_at is null order by created_at desc, id desc`);

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(`select ${columns} from webhook_endpoints where id = $1 and deleted_at is null`, [id]);
  return row;
}

export interface NewEndpoint {
  id: string;
  url: StoredUrl;
  description: string | null;
  eventTypes: EventType[];
  enabled: boolean;
  secretSealed: string;
  createdBy: number | null;
}

export async function insertEndpoint(db: Db, e: NewEndpoint): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (id, url, url_sealed, description, event_types, enabled, secret_sealed, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${columns}`,
    [e.id, e.url.url, e.url.urlSealed, e.description, e.eventTypes, e.enabled, e.secretSealed, e.createdBy],
  );
  return row!;
}

export interface EndpointChanges {
  url?: StoredUrl;
  description?: string | null;
  eventTypes?: EventType[];
  enabled?: boolean;
}

export async function updateEndpoint(db: Db, id: string, c: EndpointChanges): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints set url = coalesce($2, url), url_sealed = case when $2::text is null then url_sealed else $7 end,
            description = case when $3 then $4 else description end,
            event_types = coalesce($5, event_types), enabled = coalesce($6, enabled), updated_at = now()
      where id = $1 and deleted_at is null returning ${columns}`,
    [
      id,
      c.url?.url ?? null,
      c.description !== undefined,
      c.description ?? null,
      c.eventTypes ?? null,
      c.enabled ?? null,
      c.url?.urlSealed ?? null,
    ],
  );
  return row;
}

/** Deleted endpoints stay for their log; their pending deliveries end as failed. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(`update webhook_endpoints set deleted_at = now() where id = $1 and deleted_at is null returning id`, [id]);
    if (rows.length === 0) return false;
    await tx.query(
      `update webhook_deliveries set status = 'failed', next_attempt_at = null, lease_until = null where endpoint_id = $1 and status = 'pending'`,
      [id],
    );
    return true;
  });
}

/** A new secret; the current one becomes the previous one until `graceHours` from now (none when 0). */
export async function rollSecret(
  db: Db,
  id: string,
  secretSealed: string,
  previousSealed: string | null,
  graceHours: number,
): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints set secret_sealed = $2, previous_secret_sealed = $3,
            previous_secret_expires_at = case when $3::text is null then null else now() + make_interval(hours => $4) end, updated_at = now()
      where id = $1 and deleted_at is null returning ${columns}`,
    [id, secretSealed, previousSealed, graceHours],
  );
  return row;
}

export async function sealedSecretOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ secret_sealed: string }>(
    `select secret_sealed from webhook_endpoints where id = $1 and deleted_at is null`,
    [id],
  );
  return row?.secret_sealed;
}

/** Rows whose URL may hold what is hidden but is not sealed: saved before migration 029, or written by hand. */
export const unsealedUrls = (db: Db): Promise<{ id: string; url: string }[]> =>
  db.query<{ id: string; url: string }>(`select id, url from webhook_endpoints where url_sealed is null and url ~ '[?#@]'`);

/** Stores the URL of a row read by unsealedUrls, unless it changed since. */
export async function sealUrl(db: Db, id: string, was: string, url: StoredUrl): Promise<boolean> {
  const rows = await db.query(
    `update webhook_endpoints set url = $3, url_sealed = $4 where id = $1 and url = $2 and url_sealed is null returning id`,
    [id, was, url.url, url.urlSealed],
  );
  return rows.length > 0;
}
