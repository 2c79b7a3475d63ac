import { open } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';

/**
 * A checkpoint (AUD-09): the chain's head as a process saw it, written where the database cannot
 * rewrite it (the log, and AUDIT_CHECKPOINT_FILE). `hash` is the head entry's stored link, base64url:
 * the log masks runs of 13 or more digits, which hex would hold in a few percent of hashes.
 */
export interface AuditCheckpoint {
  /** When the checkpoint was taken. */
  at: string;
  /** The head's entry. */
  id: number;
  hash: string;
}

/** How often each process looks at the head; it writes a checkpoint only when the head has moved. */
export const CHECKPOINT_INTERVAL_MS = 10_000;

/** The message of a checkpoint's log line; `npm run audit:verify -- --log FILE` picks these lines out. */
export const CHECKPOINT_MESSAGE = 'audit checkpoint';

const checkpointSchema = z.strictObject({
  at: z.iso.datetime(),
  id: z.number().int().positive(),
  hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const checkpointLine = (checkpoint: AuditCheckpoint): string =>
  `${JSON.stringify({ at: checkpoint.at, id: checkpoint.id, hash: checkpoint.hash })}\n`;

/**
 * The checkpoints in a text: lines of the checkpoint file (`{"at","id","hash"}`) or the server's
 * log lines (`"msg":"audit checkpoint"`). From a checkpoint file (`lenient` false) every non-empty
 * line must be one; from a log, other lines are passed over. Throws naming the first bad line.
 */
export function parseCheckpoints(text: string, source: string, { lenient = false } = {}): AuditCheckpoint[] {
  const checkpoints: AuditCheckpoint[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const logged = value !== null && typeof value === 'object' && 'audit_checkpoint' in value;
    const candidate = logged ? (value as { audit_checkpoint: unknown }).audit_checkpoint : value;
    if (lenient && !logged) return;
    const parsed = checkpointSchema.safeParse(candidate);
    if (!parsed.success) throw new Error(`${source}, line ${index + 1}, is not an audit checkpoint`);
    checkpoints.push(parsed.data);
  });
  return checkpoints;
}

/** Appends one line with one write: with O_APPEND, lines of several processes never interleave. */
async function appendCheckpoint(file: string, checkpoint: AuditCheckpoint): Promise<void> {
  const handle = await open(file, 'a', 0o640);
  try {
    await handle.write(checkpointLine(checkpoint));
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

interface Head {
  last_id: number | string;
  last_hash: Uint8Array;
}

/** What one process last checkpointed. */
export interface CheckpointState {
  last?: { id: number; hash: Buffer };
}

/**
 * One look at the head: when it has moved since this process's last checkpoint, a log line and a
 * line in `file`; the checkpoint, or undefined. Each process keeps its own state, so several
 * processes may write the same head: duplicates agree and cost a line. A head that went back, or
 * changed in place, was moved by hand: that is logged as an error as well (AUD-09).
 */
export async function checkpointAuditChain(
  db: Db,
  file: string | undefined,
  logger: FastifyBaseLogger,
  state: CheckpointState,
): Promise<AuditCheckpoint | undefined> {
  const [head] = await db.query<Head>('select last_id, last_hash from audit_chain_head');
  if (!head || Number(head.last_id) === 0) return undefined;
  const id = Number(head.last_id);
  const hash = Buffer.from(head.last_hash);
  const { last } = state;
  if (last && last.id === id && last.hash.equals(hash)) return undefined;
  const checkpoint: AuditCheckpoint = { at: new Date().toISOString(), id, hash: hash.toString('base64url') };
  if (last && id <= last.id) {
    logger.error(
      { audit_head: checkpoint, audit_checkpointed: { id: last.id, hash: last.hash.toString('base64url') } },
      'audit chain head moved back: entries after an earlier checkpoint were removed or rewritten',
    );
  }
  logger.info({ audit_checkpoint: checkpoint }, CHECKPOINT_MESSAGE);
  if (file) await appendCheckpoint(file, checkpoint);
  state.last = { id, hash };
  return checkpoint;
}

/**
 * Checkpoints the head every CHECKPOINT_INTERVAL_MS in this process, one run at a time; the stop
 * function waits for a run in progress. (jobs/periodic-job.ts does the same, but lies in this
 * folder's own layer of the server layering.)
 */
export function startAuditCheckpoints(db: Db, file: string | undefined, logger: FastifyBaseLogger): () => Promise<void> {
  const state: CheckpointState = {};
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => checkpointAuditChain(db, file, logger, state))
      .catch((error: unknown) => logger.error({ err: error }, 'checkpointing the audit trail failed'));
  }, CHECKPOINT_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
