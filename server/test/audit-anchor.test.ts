import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { recordAudit } from '../src/audit/audit-log';
import { ENTRY_COLUMNS, entryTextOf, useAuditKey, type EntryRow } from '../src/audit/audit-chain';
import {
  checkpointAuditChain,
  checkpointLine,
  CHECKPOINT_MESSAGE,
  parseCheckpoints,
  type AuditCheckpoint,
  type CheckpointState,
} from '../src/audit/audit-checkpoints';
import { verifyAuditChain } from '../src/audit/verify-chain';
import type { Db } from '../src/db/db';
import { maskLogLine } from '../src/logger';
import { openAuditTrail, rehashFrom, writeLegacyEntries, type AuditTrail } from './audit-trail-fixture';
import { captureLogs } from './helper';

/**
 * The audit chain anchored outside the database (AUD-08 to AUD-10): entries keyed with a key the
 * database never sees, checkpoints of the head in the log and a file, entries from before
 * migration 028 still verifying, and the rules the trigger keeps. `npm run audit:verify` itself,
 * and the attacks it names, are in audit-verify.test.ts.
 */
let trail: AuditTrail;
afterEach(() => trail?.dispose());

const who = { actor: { id: 1, email: 'staff1@paydesk.test' }, clientIp: '192.0.2.1', userAgent: 'test' };

describe('entries written before migration 028', () => {
  it('still verify, chained by plain SHA-256 up to the first keyed entry, which anchors them', async () => {
    trail = await openAuditTrail({ legacy: 6, entries: 4 });
    await trail.withDb(async (db) => {
      const schemes = await db.query<{ hash_scheme: number }>('select hash_scheme from audit_log order by id');
      expect(schemes.map((row) => row.hash_scheme)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2]);
      expect(await verifyAuditChain(db, { key: trail.key })).toEqual({
        intact: true,
        entries: 10,
        unkeyed: 6,
        checkpoints: 0,
        newestCheckpoint: undefined,
      });
    });
    // Re-hashing the old entries, which needs no key, breaks the first keyed entry: its HMAC covers the hash before it.
    await trail.tamper(async (db) => {
      await db.query(`update audit_log set actor_email = 'someone-else@paydesk.test' where id = 2`);
      await rehashFrom(db, 2);
    });
    const check = await trail.withDb((db) => verifyAuditChain(db, { key: trail.key }));
    expect(check).toMatchObject({ intact: false, kind: 're-hashed', broken: { id: 7 } });
  }, 60_000);

  it('have the same canonical text in Node as in the database function that hashed them', async () => {
    trail = await openAuditTrail({ legacy: 6, entries: 0 });
    await trail.withDb(async (db) => {
      useAuditKey(trail.key);
      await recordAudit(db, {
        action: 'user.updated',
        who: { actor: null, clientIp: null, userAgent: 'Ünïcode "agent" \\ \u0007' },
        target: { type: 'user', id: 7 },
        changes: { name: { from: 'A\u2028B', to: '😀 "x" \n' }, status: { to: null }, email: { from: 'a@b.c' } },
      });
      const rows = await db.query<EntryRow & { database_text: string }>(
        `select ${ENTRY_COLUMNS},
                audit_entry_text(id, occurred_at, actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes) as database_text
           from audit_log order by id`,
      );
      expect(rows).toHaveLength(7);
      for (const row of rows) {
        const text = entryTextOf(row);
        expect(text).toBe(row.database_text);
      }
      expect(rows.some((row) => row.changes.includes('1.50'))).toBe(true);
    });
  }, 60_000);
});

describe('what the database can and cannot do to the keyed chain', () => {
  it('refuses, with its triggers on, an unkeyed entry after a keyed one and a keyed entry that does not follow the head', async () => {
    trail = await openAuditTrail({ entries: 2 });
    await trail.withDb(async (db) => {
      await expect(db.query(`insert into audit_log (action) values ('auth.sign_in')`)).rejects.toThrow(/unkeyed entry after a keyed one/);
      await expect(writeLegacyEntries(db, 1)).rejects.toThrow(/unkeyed entry after a keyed one/);
      const keyed = (id: number, hash: Buffer) =>
        db.query(`insert into audit_log (id, occurred_at, action, hash, hash_scheme) values ($1, now(), 'auth.sign_in', $2, 2)`, [
          id,
          hash,
        ]);
      await expect(keyed(7, randomBytes(32))).rejects.toThrow(/must be entry 3/);
      await expect(keyed(3, randomBytes(16))).rejects.toThrow(/32-byte hash/);
      // An entry it cannot check: any 32 bytes are taken, and verify finds the HMAC wrong.
      await keyed(3, randomBytes(32));
      expect(await verifyAuditChain(db, { key: trail.key })).toMatchObject({ intact: false, kind: 're-hashed', broken: { id: 3 } });
    });
  }, 60_000);

  it('cannot make a changed entry verify by redefining the function that prints its text', async () => {
    trail = await openAuditTrail({ entries: 3 });
    const [{ text }] = (await trail.withDb((db) =>
      db.query<{ text: string }>(
        `select audit_entry_text(id, occurred_at, actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes) as text
           from audit_log where id = 2`,
      ),
    )) as [{ text: string }];
    await trail.tamper(async (db) => {
      await db.query(`update audit_log set actor_email = 'someone-else@paydesk.test' where id = 2`);
      await db.query(
        `create or replace function audit_entry_text(
             id bigint, occurred_at timestamptz, actor_id integer, actor_email text, action text, client_ip text,
             user_agent text, target_type text, target_id text, changes jsonb
           ) returns text language sql immutable as $$
             select case when id = 2 then ${quote(text)} else jsonb_build_array(id,
               to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id, actor_email, action, client_ip,
               user_agent, target_type, target_id, changes)::text end
           $$`,
      );
    });
    const check = await trail.withDb((db) => verifyAuditChain(db, { key: trail.key }));
    expect(check).toMatchObject({ intact: false, kind: 're-hashed', broken: { id: 2 } });
  }, 60_000);

  it('can replace every keyed entry by an unkeyed one, which only a checkpoint then catches', async () => {
    trail = await openAuditTrail({ entries: 5 });
    const checkpoint = await trail.checkpoint();
    await trail.tamper((db) => rehashFrom(db, 1, { unkeyed: true }));
    await trail.withDb(async (db) => {
      expect(await verifyAuditChain(db, { key: trail.key })).toMatchObject({ intact: true, unkeyed: 5 });
      expect(await verifyAuditChain(db, { key: trail.key, checkpoints: [checkpoint!] })).toMatchObject({
        intact: false,
        kind: 're-hashed',
        broken: { id: 5 },
        reason: `it is not the entry 5 checkpointed at ${checkpoint!.at}: the trail was rewritten up to it`,
      });
    });
  }, 60_000);

  it('cannot give a column a type of its own, whose cast could print an entry as it was', async () => {
    trail = await openAuditTrail({ entries: 2 });
    await trail.tamper((db) => db.query('alter table audit_log alter column changes type text'));
    const check = await trail.withDb((db) => verifyAuditChain(db, { key: trail.key }));
    expect(check).toMatchObject({
      intact: false,
      kind: 'changed',
      reason: 'audit_log.changes is text, not jsonb: its entries cannot be read as written',
    });
  }, 60_000);

  it('cannot pass another key off: every keyed entry is checked with the verifier’s own', async () => {
    trail = await openAuditTrail({ entries: 2 });
    const check = await trail.withDb((db) => verifyAuditChain(db, { key: randomBytes(32) }));
    expect(check).toMatchObject({ intact: false, kind: 're-hashed', broken: { id: 1 } });
  }, 60_000);
});

describe('checkpoints', () => {
  const readLines = () => parseCheckpoints(readFileSync(trail.checkpointFile, 'utf8'), trail.checkpointFile);

  it('are written to the log and the file when the head has moved, and only then', async () => {
    trail = await openAuditTrail({ entries: 3 });
    const { logger, capture } = captureLogs();
    const state: CheckpointState = {};
    await trail.withDb(async (db) => {
      const first = await checkpointAuditChain(db, trail.checkpointFile, logger, state);
      expect(first).toMatchObject({ id: 3 });
      expect(await checkpointAuditChain(db, trail.checkpointFile, logger, state)).toBeUndefined();
      useAuditKey(trail.key);
      await recordAudit(db, { action: 'auth.sign_out', who });
      const second = await checkpointAuditChain(db, trail.checkpointFile, logger, state);
      expect(second).toMatchObject({ id: 4 });
      expect(readLines()).toEqual([first, second]);
      const logged = capture.lines.filter((line) => line.msg === CHECKPOINT_MESSAGE);
      expect(logged.map((line) => line.audit_checkpoint)).toEqual([first, second]);
      expect(parseCheckpoints(capture.written.join(''), 'log', { lenient: true })).toEqual([first, second]);
      const [head] = await db.query<{ hash: Uint8Array }>('select hash from audit_log where id = 4');
      expect(Buffer.from(second!.hash, 'base64url').equals(Buffer.from(head!.hash))).toBe(true);
    });
  }, 60_000);

  it('raise an error line when the head went back since the last checkpoint', async () => {
    trail = await openAuditTrail({ entries: 4 });
    const { logger, capture } = captureLogs();
    const state: CheckpointState = {};
    await trail.withDb((db) => checkpointAuditChain(db, trail.checkpointFile, logger, state));
    await trail.tamper(async (db) => {
      await db.query('delete from audit_log where id > 2');
      await db.query(
        `update audit_chain_head set (last_id, last_hash, last_at) = (select id, hash, occurred_at from audit_log where id = 2)`,
      );
    });
    await trail.withDb((db) => checkpointAuditChain(db, trail.checkpointFile, logger, state));
    expect(capture.lines.find((line) => line.level === 50)).toMatchObject({
      msg: 'audit chain head moved back: entries after an earlier checkpoint were removed or rewritten',
      audit_head: { id: 2 },
      audit_checkpointed: { id: 4 },
    });
    expect(readLines().map((line) => line.id)).toEqual([4, 2]);
  }, 60_000);

  it('of several processes at once append whole lines to one file', async () => {
    trail = await openAuditTrail({ entries: 1 });
    const { logger } = captureLogs();
    await trail.withDb(async (db: Db) => {
      const written = await Promise.all(
        Array.from({ length: 20 }, () => checkpointAuditChain(db, trail.checkpointFile, logger, {} as CheckpointState)),
      );
      expect(readLines()).toHaveLength(20);
      expect(new Set(readLines().map((line) => `${line.id} ${line.hash}`)).size).toBe(1);
      expect(written.every(Boolean)).toBe(true);
    });
  }, 60_000);

  it('keep their hash through the log’s masking of long digit runs', () => {
    for (let i = 0; i < 2000; i += 1) {
      const checkpoint: AuditCheckpoint = { at: new Date().toISOString(), id: 1_000_000 + i, hash: randomBytes(32).toString('base64url') };
      const line = `${JSON.stringify({ level: 30, time: Date.now(), audit_checkpoint: checkpoint, msg: CHECKPOINT_MESSAGE })}\n`;
      expect(parseCheckpoints(maskLogLine(line), 'log', { lenient: true })).toEqual([checkpoint]);
    }
  });

  it('are refused from a checkpoint file when a line is not one, and passed over in a log', () => {
    const checkpoint: AuditCheckpoint = { at: '2026-01-02T03:04:05.678Z', id: 12, hash: randomBytes(32).toString('base64url') };
    expect(parseCheckpoints(`${checkpointLine(checkpoint)}\n`, 'file')).toEqual([checkpoint]);
    expect(() => parseCheckpoints(`${checkpointLine(checkpoint)}{"id":12}\n`, 'file')).toThrow('file, line 2, is not an audit checkpoint');
    expect(() => parseCheckpoints(`${checkpointLine(checkpoint).slice(0, 30)}\n`, 'file')).toThrow(
      'file, line 1, is not an audit checkpoint',
    );
    expect(parseCheckpoints(`starting\n{"msg":"listening"}\n${checkpointLine(checkpoint)}`, 'log', { lenient: true })).toEqual([]);
    expect(() => parseCheckpoints(`{"audit_checkpoint":{"id":"12"}}\n`, 'log', { lenient: true })).toThrow('log, line 1');
  });
});

/** A SQL string literal. */
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
