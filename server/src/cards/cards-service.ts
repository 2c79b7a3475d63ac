import { on } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { digitsOnly } from '@paydesk/shared/cards/card-rules';
import { CARD_NUMBER_MIN_DIGITS, isDigitsAndSeparators } from '@paydesk/shared/cards/card-number-text';
import {
  HIDDEN_CVV,
  MAX_ADDRESS_SEARCH_DIGITS,
  MAX_CARD_ROWS,
  type CardsQuery,
  type CardStatus,
  type CardUploadResult,
  type PoolCard,
} from '@paydesk/shared/schemas/card';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { cardFingerprint } from './card-fingerprint';
import { DomainError, tooLarge } from '../errors/domain-error';
import { STORED, type UploadJob, type UploadMessage } from './card-upload-messages';
import { claimUploadTurn, discardFailedUploads, markUploadFailed, markUploadStored } from './card-uploads-repository';
import {
  insertPoolCards,
  listPoolCards,
  lockPoolCardStatus,
  setPoolCardStatus,
  type CardFilter,
  type PoolCardRow,
} from './cards-repository';
import { iso } from '../db/timestamps';

export interface CardPoolContext {
  db: Db;
  fingerprintKey: string;
  /** CARD_STORAGE_KEY: the upload worker seals with it. */
  storageKey: string;
}

/** First six and last four, stars between: the most of a number the back office ever sees. */
export const maskedNumber = (row: Pick<PoolCardRow, 'first_six' | 'last_four' | 'number_length'>): string =>
  `${row.first_six}${'*'.repeat(row.number_length - 10)}${row.last_four}`;

export function toWireCard(row: PoolCardRow): PoolCard {
  const uses = typeof row.uses === 'string' ? (JSON.parse(row.uses) as Exclude<PoolCardRow['uses'], string>) : row.uses;
  return {
    id: Number(row.id),
    card_number: maskedNumber(row),
    cvv: HIDDEN_CVV,
    card_brand: row.card_brand,
    expiry_month: Number(row.expiry_month),
    expiry_year: Number(row.expiry_year),
    status: row.status,
    failure_count: Number(row.failure_count),
    created_at: iso(row.created_at),
    transactions: uses.map((use) => ({ transaction_id: use.transaction_id, created_at: iso(use.created_at) })),
  };
}

/** What the list reads: the filters and a page, from an address or a request body. */
export type CardListFilters = Pick<CardsQuery, 'search' | 'status'> & { page: number; per_page: number };

/**
 * The search box: a whole card number finds that card by its fingerprint; up to six digits
 * match the start (first six) or the end (last four) of the shown number; words match the
 * brand. Seven to twelve digits can match nothing that is stored: null. Digits may come with
 * any separators (spaces of every width, tabs, newlines, dashes, dots) and in fullwidth form.
 */
export function cardFilter(ctx: Pick<CardPoolContext, 'fingerprintKey'>, query: Pick<CardsQuery, 'search' | 'status'>): CardFilter | null {
  const filter: CardFilter = { status: query.status };
  const search = query.search?.normalize('NFKC').trim() ?? '';
  if (search === '') return filter;
  if (!isDigitsAndSeparators(search)) return { ...filter, brand: search };
  const digits = digitsOnly(search);
  if (digits.length >= CARD_NUMBER_MIN_DIGITS) return { ...filter, fingerprint: cardFingerprint(ctx.fingerprintKey, digits) };
  if (digits.length > MAX_ADDRESS_SEARCH_DIGITS) return null;
  return digits.length > 0 ? { ...filter, digits } : filter;
}

export async function listCards(ctx: CardPoolContext, query: CardListFilters) {
  const filter = cardFilter(ctx, query);
  if (!filter) return { data: [], total: 0 };
  const { rows, total } = await listPoolCards(ctx.db, filter, query.page, query.per_page);
  return { data: rows.map(toWireCard), total };
}

/** Blocks or unblocks a card with its audit entry (AUD-04); false when there is no such card. */
export async function setCardStatus(db: Db, id: number, status: CardStatus, who: AuditWho): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockPoolCardStatus(tx, id);
    if (before === undefined || !(await setPoolCardStatus(tx, id, status))) return false;
    const action = status === 'blocked' ? 'card.blocked' : 'card.unblocked';
    await recordAudit(tx, { action, who, target: { type: 'card', id }, changes: { status: { from: before, to: status } } });
    return true;
  });
}

/**
 * A bounded heap: the worker collects garbage early instead of growing the server's memory
 * (bench/card-upload.mjs: 100,000 rows need about 70 MB live), and a hostile file cannot
 * exhaust the process; running out is a 413. The small young generation (8 MB, 16 before) is
 * swept more often: SheetJS leaves much short-lived garbage, and the peak was about 15 MB lower
 * at the same speed. The heap does not hold the unpacked parts (spreadsheet-package.ts bounds those).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

/**
 * The built server (scripts/build-server.mjs) has the worker compiled beside it. Run as TypeScript
 * (tests, development), the worker registers tsx's loaders (ESM and CommonJS), then imports its module.
 */
const compiled = !import.meta.url.endsWith('.ts');
const workerBoot = `require('tsx/cjs/api').register(); import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  pathToFileURL(join(import.meta.dirname, 'card-upload-worker.ts')).href,
)}); });`;
const startWorker = (options: WorkerOptions): Worker =>
  compiled ? new Worker(new URL('./card-upload-worker.mjs', import.meta.url), options) : new Worker(workerBoot, { ...options, eval: true });

/** How often an upload asks again for its turn to store while another one stores. */
const TURN_POLL_MS = 250;

/**
 * The upload's turn to store, once no other upload holds it (a card in two files at once is then
 * counted right), with the rows of uploads that failed before deleted first.
 */
async function startStoring(db: Db): Promise<number> {
  let uploadId = await claimUploadTurn(db);
  while (uploadId === null) {
    await sleep(TURN_POLL_MS);
    uploadId = await claimUploadTurn(db);
  }
  await discardFailedUploads(db);
  return uploadId;
}

/**
 * Reads the spreadsheet, checks every row with the shared card rules and stores the accepted
 * cards, all or nothing. The reading, checking and sealing run in a worker thread, batch by
 * batch, while this thread stores the batches already sealed: in small statements, each committed
 * on its own so that no other request waits long (PGlite runs every statement of the process one
 * at a time), the rows out of the pool until one last statement marks the upload stored. On a
 * fault the upload is marked failed, which leaves its rows out for good, and they are deleted.
 * A card twice in the file is refused the second time; a card already in the pool is counted and
 * left as it is. `file` is the upload's to keep: it may be empty afterwards.
 */
export async function uploadCards(ctx: CardPoolContext, file: Buffer, who: AuditWho, now: Date = new Date()): Promise<CardUploadResult> {
  // The worker takes the file's memory over when the buffer has it alone (the caller's copy is
  // then empty): one copy less of a file of up to CARD_UPLOAD_MAX_MB in the server's memory.
  const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const bytes = (whole ? file.buffer : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)) as ArrayBuffer;
  const job: UploadJob = { file: bytes, storageKey: ctx.storageKey, fingerprintKey: ctx.fingerprintKey, now: now.getTime() };
  const worker = startWorker({ workerData: job, transferList: [bytes], resourceLimits: WORKER_LIMITS });
  const messages = on(worker, 'message') as AsyncIterableIterator<[UploadMessage]>;
  const next = async () => (await messages.next()).value[0];
  let uploadId: number | null = null;
  try {
    let message = await next();
    if (message.type === 'refused') throw new DomainError(message.kind, message.message, message.code);
    let added = 0;
    if (message.type === 'batch') {
      uploadId = await startStoring(ctx.db);
      for (; message.type === 'batch'; message = await next()) {
        added += await insertPoolCards(ctx.db, message.cards, uploadId);
        worker.postMessage(STORED);
      }
    }
    if (message.type !== 'done') throw new Error('The upload worker ended without a summary');
    const result: CardUploadResult = {
      rows: message.rows,
      added,
      already_in_pool: message.accepted - added,
      rejected_count: message.rejectedCount,
      rejected: message.rejected,
    };
    // The entry commits with the one statement that shows the cards; a file with none shown has no entry.
    const storing = uploadId;
    if (storing !== null) {
      await ctx.db.transaction(async (tx) => {
        if (!(await markUploadStored(tx, storing))) throw new Error('The card upload lost its turn to store before it ended');
        const { rows, already_in_pool, rejected_count } = result;
        await recordAudit(tx, {
          action: 'card.uploaded',
          who,
          target: { type: 'card_upload', id: storing },
          changes: values({ rows, added, already_in_pool, rejected_count }),
        });
      });
      uploadId = null;
    }
    return result;
  } catch (error) {
    if (uploadId !== null) await discardUpload(ctx.db, uploadId);
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw tooLarge(`The file is too large to process at once: upload at most ${MAX_CARD_ROWS.toLocaleString('en-US')} rows per file`);
    }
    throw error;
  } finally {
    await worker.terminate();
  }
}

/** Leaves a failed upload's rows out of the pool and deletes them; the next upload retries what fails here. */
async function discardUpload(db: Db, uploadId: number): Promise<void> {
  try {
    await markUploadFailed(db, uploadId);
    await discardFailedUploads(db);
  } catch {
    // The upload's own fault is the one to report; its rows stay out of the pool either way.
  }
}
