import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { parseCheckpoints } from '../src/audit/audit-checkpoints';
import { describeBreak, verifyAuditChain } from '../src/audit/verify-chain';
import { DEMO_PASSWORD } from '../src/demo-password';
import { openAuditTrail, rehashFrom, type AuditTrail } from './audit-trail-fixture';
import { builtCommand } from './built-server';
import { startServerProcess } from './server-process';

/**
 * `npm run audit:verify` as an operator runs it (AUD-07 to AUD-10), a child process on a database
 * that outlives it, with the trail's checkpoint file as AUDIT_CHECKPOINT_FILE; the command as
 * built into server/dist/audit-verify.mjs, like the server the tests start (built-server.ts).
 * The tables' owner, with the triggers off, changes or removes entries, re-hashes the chain or
 * moves its head back; the command names the first broken entry, says what was done to it, and
 * exits non-zero.
 * What the command itself does (its exit status, what it prints, where it reads checkpoints) runs
 * as that child process; the other attacks are put to the verifier it calls, in this process
 * (`verdict`: the same verdict and text, without a process start and a database open each).
 */
const repoRoot = join(__dirname, '..', '..');

interface Run {
  code: number;
  out: string;
}

/** Runs the command on the trail (released first: one process at a time holds a PGlite folder); its exit status and what it printed. */
async function verify(trail: AuditTrail, { args = [] as string[], input = '', checkpointFile = true } = {}): Promise<Run> {
  await trail.release();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: trail.dataDir, PAYDESK_MODE: 'demo', NODE_ENV: 'production' };
  delete env['DATABASE_URL'];
  delete env['AUDIT_CHECKPOINT_FILE'];
  if (trail.databaseUrl) env['DATABASE_URL'] = trail.databaseUrl;
  if (checkpointFile) env['AUDIT_CHECKPOINT_FILE'] = trail.checkpointFile;
  const running = promisify(execFile)(process.execPath, builtCommand('audit-verify', ...args), {
    cwd: repoRoot,
    env,
  });
  running.child.stdin?.end(input);
  try {
    const { stdout, stderr } = await running;
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/**
 * What the command decides on the trail, reached in this process: the verifier with the audit key
 * and the checkpoints of AUDIT_CHECKPOINT_FILE, and on a break the text the command prints (then
 * exits non-zero).
 */
async function verdict(trail: AuditTrail): Promise<{ intact: boolean; out: string }> {
  const checkpoints = parseCheckpoints(readFileSync(trail.checkpointFile, 'utf8'), trail.checkpointFile);
  const check = await trail.withDb((db) => verifyAuditChain(db, { key: trail.key, checkpoints }));
  return { intact: check.intact, out: check.intact ? '' : describeBreak(check) };
}

const entry = (trail: AuditTrail, id: number) =>
  trail.withDb(async (db) => {
    const [row] = await db.query<{ occurred_at: Date; action: string }>('select occurred_at, action from audit_log where id = $1', [id]);
    return `entry ${id} (${new Date(row!.occurred_at).toISOString()}, ${row!.action})`;
  });

let trail: AuditTrail;
afterEach(() => trail?.dispose());

it('exits 0 on an untouched trail, with entries from before migration 028, and says what it compared', async () => {
  trail = await openAuditTrail({ legacy: 4, entries: 8 });
  const checkpoint = await trail.checkpoint();
  expect(await verify(trail)).toEqual({
    code: 0,
    out:
      'Audit trail intact: 12 entries verified.\n' +
      'Entries 1 to 4 were written before migration 028 and carry plain SHA-256 links; the rest are keyed.\n' +
      `1 checkpoint compared, the newest for entry 12 at ${checkpoint!.at}.\n`,
  });
  await trail.write(2);
  expect((await verify(trail)).out).toContain('; the 2 entries after it are not checkpointed yet.');
}, 120_000);

it('names a changed entry, and is content again once it is put back', async () => {
  trail = await openAuditTrail();
  await trail.checkpoint();
  const [original] = await trail.withDb((db) => db.query<{ actor_email: string }>('select actor_email from audit_log where id = 4'));
  await trail.tamper((db) => db.query(`update audit_log set actor_email = 'someone-else@paydesk.test' where id = 4`));
  const broken = await verify(trail);
  expect(broken.code).not.toBe(0);
  expect(broken.out).toContain(
    `Audit trail broken at ${await entry(trail, 4)}: its content does not match its keyed hash: it was changed, or re-hashed without the audit key.`,
  );
  await trail.tamper((db) => db.query('update audit_log set actor_email = $1 where id = 4', [original!.actor_email]));
  expect((await verdict(trail)).intact).toBe(true);
}, 120_000);

it('names the entry after a removed one, even when its link is forged to skip it', async () => {
  trail = await openAuditTrail();
  await trail.checkpoint();
  await trail.tamper((db) => db.query('delete from audit_log where id = 7'));
  const gap = await verdict(trail);
  expect(gap.intact).toBe(false);
  expect(gap.out).toContain(`Audit trail broken at ${await entry(trail, 8)}: entry 7 is missing.`);

  await trail.tamper((db) => db.query('update audit_log set prev_hash = (select hash from audit_log where id = 6) where id = 8'));
  const forged = await verdict(trail);
  expect(forged.intact).toBe(false);
  expect(forged.out).toContain(`Audit trail broken at ${await entry(trail, 8)}: entry 7 is missing.`);
}, 120_000);

it('agrees with a server process, which keys the entries it writes and checkpoints its head within seconds', async () => {
  trail = await openAuditTrail({ entries: 2 });
  const env: Record<string, string> = {
    DATA_DIR: trail.dataDir,
    PAYDESK_MODE: 'demo',
    FRONTENDS_DIR: trail.dataDir,
    AUDIT_CHECKPOINT_FILE: trail.checkpointFile,
    ...(trail.databaseUrl ? { DATABASE_URL: trail.databaseUrl } : {}),
  };
  await trail.release();
  const server = await startServerProcess(env);
  try {
    const signIn = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@paydesk.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    for (
      let waited = 0;
      !(existsSync(trail.checkpointFile) && readFileSync(trail.checkpointFile, 'utf8').includes('"id":3'));
      waited += 250
    ) {
      if (waited > 30_000) throw new Error('no checkpoint of entry 3 within 30 seconds');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await server.stop();
  }
  const run = await verify(trail);
  expect(run).toMatchObject({ code: 0 });
  expect(run.out).toContain('Audit trail intact: 3 entries verified.\n1 checkpoint compared, the newest for entry 3 at');
}, 120_000);

describe('the attacks that pass a chain whose head lives in the database it guards', () => {
  it('a removed tail: the newest entries deleted and the head moved back to match (two statements)', async () => {
    trail = await openAuditTrail();
    const checkpoint = await trail.checkpoint();
    await trail.tamper(async (db) => {
      await db.query('delete from audit_log where id > 8');
      await db.query(
        `update audit_chain_head set (last_id, last_hash, last_at) = (select id, hash, occurred_at from audit_log where id = 8)`,
      );
    });
    const cut = await verdict(trail);
    expect(cut.intact).toBe(false);
    expect(cut.out).toContain(
      `Audit trail broken at ${await entry(trail, 8)}: the trail ends here, but entry 12 was checkpointed at ${checkpoint!.at}: ` +
        'entries 9 to 12 are removed. 8 entries before the break verified.',
    );
  }, 120_000);

  it('a re-hashed chain: an entry changed and every hash from it on recomputed, the head too', async () => {
    trail = await openAuditTrail();
    await trail.checkpoint();
    await trail.tamper(async (db) => {
      await db.query(`update audit_log set actor_email = 'someone-else@paydesk.test' where id = 4`);
      await rehashFrom(db, 4);
    });
    const rehashed = await verdict(trail);
    expect(rehashed.intact).toBe(false);
    expect(rehashed.out).toContain(
      `Audit trail broken at ${await entry(trail, 4)}: its content does not match its keyed hash: it was changed, or re-hashed without the audit key.`,
    );

    // The same, with the entries marked as written before the key: the key, once used, is never dropped.
    await trail.tamper((db) => rehashFrom(db, 4, { unkeyed: true }));
    const unkeyed = await verdict(trail);
    expect(unkeyed.intact).toBe(false);
    expect(unkeyed.out).toContain(
      `Audit trail broken at ${await entry(trail, 4)}: it is not keyed, but entry 3 before it is: it was written or re-hashed without the audit key.`,
    );
  }, 120_000);

  it('a rewound head: moved back over entries still there, or moved back and the trail written again', async () => {
    trail = await openAuditTrail();
    const checkpoint = await trail.checkpoint();
    await trail.tamper((db) =>
      db.query(`update audit_chain_head set (last_id, last_hash, last_at) = (select id, hash, occurred_at from audit_log where id = 8)`),
    );
    const moved = await verdict(trail);
    expect(moved.intact).toBe(false);
    expect(moved.out).toContain(
      `Audit trail broken at ${await entry(trail, 9)}: the chain's head was moved back to entry 8, but entries 9 to 12 are still there.`,
    );

    // The entries after the head removed, and the server (which holds the key) writes new ones in their place.
    await trail.tamper((db) => db.query('delete from audit_log where id > 8'));
    await trail.write(4);
    const rewritten = await verdict(trail);
    expect(rewritten.intact).toBe(false);
    expect(rewritten.out).toContain(
      `Audit trail broken at ${await entry(trail, 12)}: it is not the entry 12 checkpointed at ${checkpoint!.at}: ` +
        "the chain's head was moved back before it and the trail written again.",
    );
  }, 120_000);
});

describe('where the checkpoints come from', () => {
  it("reads the server's log on standard input with --log -, passing over its other lines", async () => {
    trail = await openAuditTrail();
    await trail.checkpoint();
    await trail.tamper(async (db) => {
      await db.query('delete from audit_log where id > 10');
      await db.query(
        `update audit_chain_head set (last_id, last_hash, last_at) = (select id, hash, occurred_at from audit_log where id = 10)`,
      );
    });
    expect((await verify(trail, { checkpointFile: false })).code).toBe(0);
    const log = ['{"level":30,"msg":"server listening"}\n', 'not json at all\n', ...trail.logs.written].join('');
    const cut = await verify(trail, { checkpointFile: false, args: ['--log', '-'], input: log });
    expect(cut.code).not.toBe(0);
    expect(cut.out).toContain('the trail ends here, but entry 12 was checkpointed at');
  }, 120_000);

  it('refuses a configured checkpoint file that is missing or holds a line that is not a checkpoint', async () => {
    trail = await openAuditTrail();
    const missing = await verify(trail);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain(`${trail.checkpointFile} does not exist, though the trail has 12 entries`);

    await trail.checkpoint();
    const bad = await verify(trail, { args: ['--checkpoints', join(__dirname, 'audit-verify.test.ts')] });
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain('audit-verify.test.ts, line 1, is not an audit checkpoint');
  }, 120_000);

  it('says that nothing guards the end of the trail when it has no checkpoint at all', async () => {
    trail = await openAuditTrail({ entries: 1 });
    expect(await verify(trail, { checkpointFile: false })).toEqual({
      code: 0,
      out:
        'Audit trail intact: 1 entry verified.\n' +
        'No checkpoints compared: entries removed from the end of the trail would go unnoticed (AUDIT_CHECKPOINT_FILE, --log).\n',
    });
  }, 120_000);
});
