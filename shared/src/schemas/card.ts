import { z } from 'zod';
import { longestDigitRun } from '../cards/card-number-text';
import { apiError, withData } from './common';

export { cardUploadColumns, INVALID_FILE_MESSAGE, isExcelFileName, MAX_CARD_ROWS, MAX_LISTED_REJECTIONS } from '../cards/card-upload';

export const cardStatuses = ['active', 'blocked'] as const;
export const cardStatus = z.enum(cardStatuses);
export type CardStatus = z.infer<typeof cardStatus>;

/** What the Card Management table shows for a CVV: the API never sends one. */
export const HIDDEN_CVV = '•••';

/** One use of a pooled card by a payment (DATA-11, CARD-07: the newest gives Last Used). */
export const poolCardUse = z.object({
  transaction_id: z.string(),
  created_at: z.string(),
});

/**
 * A pooled card as the API returns it (DATA-11, SEC-02): the number masked (first six and last
 * four at most), never a CVV. `transactions` holds the latest uses, newest first.
 */
export const poolCard = z.object({
  id: z.number().int(),
  card_number: z.string(),
  cvv: z.literal(HIDDEN_CVV),
  card_brand: z.string(),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int(),
  status: cardStatus,
  failure_count: z.number().int().nullable(),
  created_at: z.string(),
  transactions: z.array(poolCardUse),
});
export type PoolCard = z.infer<typeof poolCard>;

export const CARD_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The list's filters and page: defaults all statuses, page 1, 25 a page. */
const cardListFilters = z.object({
  search: z.string().trim().max(32).optional(),
  status: cardStatus.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (CARD_PAGE_SIZES as readonly number[]).includes(n), 'per_page must be 10, 25, 50 or 100')
    .default(25),
});

/** The most digits in a row a search may hold in an address: the first six, or the last four. */
export const MAX_ADDRESS_SEARCH_DIGITS = 6;

/** Whether a card search may travel in an address: more digits in a row could be most of a card number. */
export const searchFitsAddress = (search: string): boolean => longestDigitRun(search) <= MAX_ADDRESS_SEARCH_DIGITS;

export const CARD_SEARCH_IN_ADDRESS_MESSAGE = `A card number never goes in an address: search by card number with POST /api/backend/cards/search (an address takes at most ${MAX_ADDRESS_SEARCH_DIGITS} digits in a row)`;

/**
 * GET /api/backend/cards. CARD-08's call takes no parameters; the pool can hold hundreds of
 * thousands of cards, so the server filters and pages. `search` matches the first six or last
 * four digits, or the brand; a whole card number goes in the body of POST /cards/search.
 */
export const cardsQuery = cardListFilters.extend({
  search: cardListFilters.shape.search.refine(
    (search) => search === undefined || searchFitsAddress(search),
    CARD_SEARCH_IN_ADDRESS_MESSAGE,
  ),
});
/**
 * POST /api/backend/cards/search: the same filters and page in a JSON body, where a whole card
 * number may go (it finds that card by its fingerprint): a body stays out of addresses, browser
 * history and access logs.
 */
export const cardsSearchRequest = cardListFilters;
export type CardsQuery = z.input<typeof cardListFilters>;

/** `{data: [cards]}` as CARD-08 says, with the count for `Cards (count)` and the page. */
export const cardsResponse = withData(z.array(poolCard)).extend({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type CardsResponse = z.infer<typeof cardsResponse>;

export const cardStatusRequest = z.object({ status: cardStatus });
export const cardStatusResponse = withData(poolCard);

/** A row the upload refused: its row number in the sheet (the header is row 1) and why. */
export const rejectedRow = z.object({ row: z.number().int(), reason: z.string() });
export type RejectedRow = z.infer<typeof rejectedRow>;

/** POST /api/backend/cards/upload answers with what happened to every row (see cards/card-upload). */
export const cardUploadResult = z.object({
  rows: z.number().int(),
  added: z.number().int(),
  already_in_pool: z.number().int(),
  rejected_count: z.number().int(),
  rejected: z.array(rejectedRow),
});
export type CardUploadResult = z.infer<typeof cardUploadResult>;

export const cardUploadResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: cardUploadResult,
});
/** A refused upload: the message, and for a file whose every row was refused, the rows. */
export const cardUploadError = apiError.extend({ data: cardUploadResult.optional() });
