import { digitsOnly } from '@paydesk/shared/cards/card-rules';
import {
  HIDDEN_CVV, MAX_LISTED_REJECTIONS, type CardsQuery, type CardUploadResult, type PoolCard, type RejectedRow,
} from '@paydesk/shared/schemas/card';
import type { Db } from '../db/db';
import { cardFingerprint } from '../payments/payment-ids';
import { checkCardRow, type CardRow } from './card-rows';
import { readCardSheet } from './card-sheet';
import type { CardVault } from './card-vault';
import { insertPoolCards, listPoolCards, type CardFilter, type NewPoolCard, type PoolCardRow } from './cards-repository';

export interface CardPoolContext {
  db: Db;
  vault: CardVault;
  fingerprintKey: string;
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

/**
 * The search box: a whole card number finds that card by its fingerprint; up to six digits
 * match the start (first six) or the end (last four) of the shown number; words match the
 * brand. Seven to twelve digits can match nothing that is stored: null.
 */
export function cardFilter(ctx: Pick<CardPoolContext, 'fingerprintKey'>, query: Pick<CardsQuery, 'search' | 'status'>): CardFilter | null {
  const filter: CardFilter = { status: query.status };
  const search = query.search?.trim() ?? '';
  if (search === '') return filter;
  if (!/^[\d\s-]+$/.test(search)) return { ...filter, brand: search };
  const digits = digitsOnly(search);
  if (digits.length >= 13) return { ...filter, fingerprint: cardFingerprint(ctx.fingerprintKey, digits) };
  if (digits.length > 6) return null;
  return digits.length > 0 ? { ...filter, digits } : filter;
}

export async function listCards(ctx: CardPoolContext, query: Pick<CardsQuery, 'search' | 'status'> & { page: number; per_page: number }) {
  const filter = cardFilter(ctx, query);
  if (!filter) return { data: [], total: 0 };
  const { rows, total } = await listPoolCards(ctx.db, filter, query.page, query.per_page);
  return { data: rows.map(toWireCard), total };
}

/** Seals a checked card for storage: the fingerprint, the sealed number and CVV, the shown digits. */
export function sealCard(ctx: Pick<CardPoolContext, 'vault' | 'fingerprintKey'>, card: CardRow): NewPoolCard {
  const fingerprint = cardFingerprint(ctx.fingerprintKey, card.cardNumber);
  return {
    fingerprint,
    sealed: ctx.vault.seal({ cardNumber: card.cardNumber, cvv: card.cvv }, fingerprint),
    firstSix: card.cardNumber.slice(0, 6),
    lastFour: card.cardNumber.slice(-4),
    numberLength: card.cardNumber.length,
    brand: card.brand,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
  };
}

/**
 * Reads the spreadsheet, checks every row with the shared card rules, and stores the accepted
 * cards in one transaction. A card twice in the file is refused the second time; a card
 * already in the pool is counted and left as it is.
 */
export async function uploadCards(ctx: CardPoolContext, file: Buffer, now: Date = new Date()): Promise<CardUploadResult> {
  const rows = readCardSheet(file);
  const rejected: RejectedRow[] = [];
  const accepted = new Map<string, { row: number; card: NewPoolCard }>();
  for (const sheetRow of rows) {
    const checked = checkCardRow(sheetRow, now);
    if ('rejected' in checked) {
      rejected.push(checked.rejected);
      continue;
    }
    const card = sealCard(ctx, checked.card);
    const earlier = accepted.get(card.fingerprint);
    if (earlier) rejected.push({ row: sheetRow.row, reason: `The same card is on row ${earlier.row}` });
    else accepted.set(card.fingerprint, { row: sheetRow.row, card });
  }
  const cards = [...accepted.values()].map((entry) => entry.card);
  const added = cards.length === 0 ? 0 : await ctx.db.transaction((tx) => insertPoolCards(tx, cards));
  return {
    rows: rows.length,
    added,
    already_in_pool: accepted.size - added,
    rejected_count: rejected.length,
    rejected: rejected.slice(0, MAX_LISTED_REJECTIONS),
  };
}
