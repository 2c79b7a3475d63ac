import { on } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { digitsOnly } from '@paydesk/shared/cards/card-rules';
import { CARD_NUMBER_MIN_DIGITS, isDigitsAndSeparators } from '@paydesk/shared/cards/card-number-text';
import { HIDDEN_CVV, MAX_ADDRESS_SEARCH_DIGITS, MAX_CARD_ROWS, type CardsQuery, type CardUploadResult, type PoolCard } from '@paydesk/shared/schemas/card';
import type { Db } from '../db/db';
import { cardFingerprint } from '../payments/payment-ids';
import { HttpError } from '../http/http-error';
import { STORED, type UploadJob, type UploadMessage } from './card-upload-messages';
import { insertPoolCards, listPoolCards, type CardFilter, type PoolCardRow } from './cards-repository';

export interface CardPoolContext {
  db: Db;
  fingerprintKey: string;
  /** CARD_STORAGE_KEY: the upload worker seals with it. */
  storageKey: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

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

/**
 * A bounded heap: the worker collects garbage early instead of growing the server's memory
 * (bench/card-upload.mjs: 100,000 rows need about 70 MB live), and a hostile file cannot
 * exhaust the process; running out is a 413.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

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

/**
 * Reads the spreadsheet, checks every row with the shared card rules and stores the accepted
 * cards in one transaction (all or nothing). The reading, checking and sealing run in a worker
 * thread, batch by batch, while this thread inserts the batches already sealed. A card twice in
 * the file is refused the second time; a card already in the pool is counted and left as it is.
 */
export async function uploadCards(ctx: CardPoolContext, file: Buffer, now: Date = new Date()): Promise<CardUploadResult> {
  const bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  const job: UploadJob = { file: bytes, storageKey: ctx.storageKey, fingerprintKey: ctx.fingerprintKey, now: now.getTime() };
  const worker = startWorker({ workerData: job, transferList: [bytes], resourceLimits: WORKER_LIMITS });
  const messages = on(worker, 'message') as AsyncIterableIterator<[UploadMessage]>;
  try {
    let first = (await messages.next()).value[0];
    if (first.type === 'refused') throw new HttpError(first.statusCode, first.message);
    let added = 0;
    if (first.type === 'batch') {
      added = await ctx.db.transaction(async (tx) => {
        let inserted = 0;
        for (let message = first; ; message = (await messages.next()).value[0]) {
          if (message.type === 'batch') {
            inserted += await insertPoolCards(tx, message.cards);
            worker.postMessage(STORED);
          } else {
            first = message;
            return inserted;
          }
        }
      });
    }
    if (first.type !== 'done') throw new Error('The upload worker ended without a summary');
    return {
      rows: first.rows,
      added,
      already_in_pool: first.accepted - added,
      rejected_count: first.rejectedCount,
      rejected: first.rejected,
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new HttpError(413, `The file is too large to process at once: upload at most ${MAX_CARD_ROWS.toLocaleString('en-US')} rows per file`);
    }
    throw error;
  } finally {
    await worker.terminate();
  }
}
