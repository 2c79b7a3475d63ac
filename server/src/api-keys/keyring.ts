import type { FastifyBaseLogger } from 'fastify';
import type { ApiKeyKind } from '@paydesk/shared/schemas/api-keys';
import type { Db } from '../db/db';
import { keyVersion, liveKeys, recordLastUse } from './api-keys-repository';
import { hashKey } from './key-material';

interface CachedKey {
  id: string;
  kind: ApiKeyKind;
  publishableKey: string | null;
  /** Epoch ms after which the key no longer works (a rolled key), or null. */
  expiresAt: number | null;
}

export interface KeyringOptions {
  /** How often the key version is read (KEY-08: another process's change counts within a second). */
  pollMs?: number;
  /** Last-use times are written at most this often (KEY-09). */
  lastUseFlushMs?: number;
}

export interface Keyring {
  /** The key's id when `given` is a working key of this kind; no database call. */
  verify(kind: ApiKeyKind, given: string): string | undefined;
  /** The publishable key payer pages get: the newest one that works. */
  currentPublishable(): string | undefined;
  /** Reads the keys again now (after a change made by this process). */
  reload(): Promise<void>;
  /** Stops taking a key at once, before the reload that follows its revocation. */
  forget(id: string): void;
  /** Writes the gathered last-use times now. */
  flushLastUse(): Promise<void>;
  stop(): Promise<void>;
}

const toMs = (at: Date | string | null): number | null => (at === null ? null : new Date(at).getTime());

/**
 * The working keys of this process, in memory (KEY-08): a request's key costs a SHA-256 and one
 * look-up by that hash, never a database call, however many keys there are. The look-up's time
 * depends on the hash of the caller's own input only, which tells nothing of a stored key
 * (docs/decisions/api-keys-hashed-and-cached.md). The cache follows
 * the database's key version, read every `pollMs` (docs/decisions/api-keys-hashed-and-cached.md);
 * a change made here reloads it at once. Last-use times are gathered and written in one
 * statement every `lastUseFlushMs` (KEY-09).
 */
export async function startKeyring(
  db: Db,
  logger: FastifyBaseLogger,
  { pollMs = 500, lastUseFlushMs = 10_000 }: KeyringOptions = {},
): Promise<Keyring> {
  let keys: CachedKey[] = [];
  let byHash = new Map<string, CachedKey>();
  let version = '';
  const lastUse = new Map<string, Date>();

  const load = async (): Promise<void> => {
    const seen = await keyVersion(db);
    const rows = await liveKeys(db);
    const loaded = rows.map(
      (row) =>
        [row.key_hash, { id: row.id, kind: row.kind, publishableKey: row.publishable_key, expiresAt: toMs(row.expires_at) }] as const,
    );
    keys = loaded.map(([, key]) => key);
    byHash = new Map(loaded);
    version = seen;
  };
  // One reload at a time; a reload asked for during another runs after it.
  let loading: Promise<void> = Promise.resolve();
  const reload = (): Promise<void> => (loading = loading.then(load, load));

  const poll = async (): Promise<void> => {
    if ((await keyVersion(db)) !== version) await reload();
  };
  // A database that does not answer now leaves the cache empty (every key refused) until a poll reads it.
  await reload().catch((error: unknown) => logger.error({ err: error }, 'reading the API keys failed'));

  let polling: Promise<void> = Promise.resolve();
  const pollTimer = setInterval(() => {
    polling = polling.then(poll).catch((error: unknown) => logger.warn({ err: error }, 'reading the API key version failed'));
  }, pollMs);
  pollTimer.unref();

  const flushLastUse = async (): Promise<void> => {
    if (lastUse.size === 0) return;
    const uses = new Map(lastUse);
    lastUse.clear();
    try {
      await recordLastUse(db, uses);
    } catch (error) {
      logger.warn({ err: error }, "writing API keys' last use failed");
    }
  };
  let flushing: Promise<void> = Promise.resolve();
  const flushTimer = setInterval(() => {
    flushing = flushing.then(flushLastUse);
  }, lastUseFlushMs);
  flushTimer.unref();

  return {
    verify(kind, given) {
      const key = byHash.get(hashKey(given));
      const now = Date.now();
      if (!key || key.kind !== kind || (key.expiresAt !== null && key.expiresAt <= now)) return undefined;
      lastUse.set(key.id, new Date(now));
      return key.id;
    },
    currentPublishable() {
      const now = Date.now();
      const working = keys.filter((key) => key.kind === 'publishable' && (key.expiresAt === null || key.expiresAt > now));
      // A key without an end date first (the one that replaced a rolled key), then the newest.
      const lasting = working.filter((key) => key.expiresAt === null);
      return (lasting.at(-1) ?? working.at(-1))?.publishableKey ?? undefined;
    },
    reload,
    forget(id) {
      keys = keys.filter((key) => key.id !== id);
      byHash = new Map([...byHash].filter(([, key]) => key.id !== id));
    },
    flushLastUse: () => (flushing = flushing.then(flushLastUse)),
    async stop() {
      clearInterval(pollTimer);
      clearInterval(flushTimer);
      await polling.catch(() => undefined);
      await flushLastUse();
    },
  };
}
