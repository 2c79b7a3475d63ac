import type { ApiKey, ApiKeyKind, ApiKeyWithSecret, CreateApiKeyRequest } from '@paydesk/shared/schemas/api-keys';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Mode } from '../config';
import type { Db } from '../db/db';
import { conflict, notFound } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import * as repo from './api-keys-repository';
import type { Keyring } from './keyring';
import { hashKey, newKey, prefixOf } from './key-material';
import { iso } from '../db/timestamps';

const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at));
const kindLabel = (kind: ApiKeyKind) => (kind === 'secret' ? 'secret' : 'publishable');

export function toApiKey(row: repo.KeyRow): ApiKey {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    prefix: row.prefix,
    publishable_key: row.publishable_key,
    status: row.revoked_at !== null ? 'revoked' : row.expired ? 'expired' : row.expires_at !== null ? 'expiring' : 'active',
    created_by: row.created_by_name,
    created_at: iso(row.created_at),
    last_used_at: isoOrNull(row.last_used_at),
    expires_at: isoOrNull(row.expires_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

const newKeyId = () => randomId('key_', 24);
const keyTarget = (id: string) => ({ type: 'api_key' as const, id });

async function insertNew(tx: Db, kind: ApiKeyKind, name: string, key: string, createdBy: number | null): Promise<string> {
  const id = newKeyId();
  await repo.insertKey(tx, {
    id,
    kind,
    name,
    keyHash: hashKey(key),
    publishableKey: kind === 'publishable' ? key : null,
    prefix: prefixOf(key),
    createdBy,
  });
  return id;
}

const lastKeyRefusal = (kind: ApiKeyKind) =>
  conflict(`This is the last active ${kindLabel(kind)} key: create or roll another one before revoking it`, 'last_active_key');

/**
 * The merchant's API keys (KEY-01 to KEY-07). Every change bumps the key version first, in its
 * transaction: that row lock makes changes wait for each other in every process, so the check that
 * another lasting key of the kind remains cannot pass twice at once; after the commit this process's
 * keyring reloads, and the others see the version move within a second.
 */
export function apiKeysService(db: Db, keyring: Keyring, mode: Mode) {
  const found = async (id: string): Promise<repo.KeyRow> => {
    const row = await repo.findKey(db, id);
    if (!row) throw notFound('API key not found');
    return row;
  };

  return {
    list: async (): Promise<ApiKey[]> => (await repo.listKeys(db)).map(toApiKey),

    async create(input: CreateApiKeyRequest, who: AuditWho): Promise<ApiKeyWithSecret> {
      const secret = newKey(input.kind, mode);
      const id = await db.transaction(async (tx) => {
        await repo.bumpKeyVersion(tx);
        const created = await insertNew(tx, input.kind, input.name, secret, who.actor?.id ?? null);
        await recordAudit(tx, {
          action: 'api_key.created',
          who,
          target: keyTarget(created),
          changes: values({ name: input.name, kind: input.kind, prefix: prefixOf(secret) }),
        });
        return created;
      });
      await keyring.reload();
      return { key: toApiKey(await found(id)), secret };
    },

    /** A new key now; the old one works `graceHours` more (0: it ends now) (KEY-05). */
    async roll(id: string, graceHours: number, who: AuditWho): Promise<ApiKeyWithSecret> {
      const { next, secret } = await db.transaction(async (tx) => {
        await repo.bumpKeyVersion(tx);
        const old = await repo.findKey(tx, id);
        if (!old) throw notFound('API key not found');
        if (old.revoked_at !== null || old.expired) throw conflict('This key no longer works: create a new one instead', 'api_key_ended');
        const key = newKey(old.kind, mode);
        const next = await insertNew(tx, old.kind, old.name, key, who.actor?.id ?? null);
        await repo.endAfter(tx, id, graceHours, next);
        await recordAudit(tx, {
          action: 'api_key.rolled',
          who,
          target: keyTarget(id),
          changes: { prefix: { from: old.prefix, to: prefixOf(key) }, grace_hours: { to: graceHours } },
        });
        return { next, secret: key };
      });
      if (graceHours === 0) keyring.forget(id);
      await keyring.reload();
      return { key: toApiKey(await found(next)), secret, previous: toApiKey(await found(id)) };
    },

    /** Ends a key at once; the last lasting key of a kind stays (409) (KEY-06, KEY-07). */
    async revoke(id: string, who: AuditWho): Promise<ApiKey> {
      await db.transaction(async (tx) => {
        await repo.bumpKeyVersion(tx);
        const key = await repo.findKey(tx, id);
        if (!key) throw notFound('API key not found');
        if (key.revoked_at !== null) return;
        if (key.expires_at === null && (await repo.countLasting(tx, key.kind, id)) === 0) throw lastKeyRefusal(key.kind);
        await repo.revokeKey(tx, id);
        await recordAudit(tx, { action: 'api_key.revoked', who, target: keyTarget(id), changes: values({ prefix: key.prefix }) });
      });
      keyring.forget(id);
      await keyring.reload();
      return toApiKey(await found(id));
    },
  };
}

/** Where a deployment's first keys come from (KEY-02). */
export interface BootstrapKeys {
  publishable: string | undefined;
  secret: string | undefined;
}

export class MissingKeyError extends Error {
  override name = 'MissingKeyError';
}

/**
 * Inserts the environment's key of each kind when the database has no key of that kind yet (the
 * published demo keys in demo mode): once, so a key revoked later never comes back. Without a key
 * of a kind and without its variable, the server cannot start (MissingKeyError names it).
 */
export async function bootstrapKeys(db: Db, keys: BootstrapKeys): Promise<ApiKeyKind[]> {
  return db.transaction(async (tx) => {
    await repo.bumpKeyVersion(tx);
    const inserted: ApiKeyKind[] = [];
    for (const kind of ['publishable', 'secret'] as const) {
      if ((await repo.countKind(tx, kind)) > 0) continue;
      const key = kind === 'publishable' ? keys.publishable : keys.secret;
      const variable = kind === 'publishable' ? 'PUBLISHABLE_KEY' : 'SECRET_KEY';
      if (!key)
        throw new MissingKeyError(`Invalid configuration: ${variable} is required to create the first ${kind} key (the database has none)`);
      await insertNew(
        tx,
        kind,
        kind === 'publishable' ? 'Publishable key (from PUBLISHABLE_KEY)' : 'Secret key (from SECRET_KEY)',
        key,
        null,
      );
      inserted.push(kind);
    }
    return inserted;
  });
}
