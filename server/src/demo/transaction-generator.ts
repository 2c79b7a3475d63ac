import type { TransactionStatus } from '@paydesk/shared/schemas/transaction';
import { numberToCents } from '@paydesk/shared/money';
import { makeCustomer, type DemoCustomer } from './demo-people';
import { createPrng, type Prng } from './prng';

export interface FeeSchedule {
  id: number;
  feeBps: number;
  feeFixedCents: number;
}

/** One row of `transactions`, ready to insert. No PAN, no CVV: brand, last four, fingerprint. */
export interface TransactionSeed {
  transactionId: string;
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  amountCents: number;
  feeCents: number;
  netCents: number;
  status: TransactionStatus;
  cardBrand: string;
  lastFour: string;
  cardFingerprint: string;
  providerKeyId: number | null;
  responseMessage: string;
  debugMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface GenerateOptions {
  count: number;
  seed: number;
  /** Keys in order of traffic share: the first gets most of it. */
  providerKeys: readonly FeeSchedule[];
  now?: Date;
  days?: number;
}

const statuses: readonly (readonly [TransactionStatus, number])[] = [
  ['success', 56],
  ['completed', 17],
  ['failed', 15],
  ['pending', 5],
  ['disputed', 4],
  ['refunded', 3],
];

const declines = [
  ['Card declined: generic decline', 'issuer response 05 do_not_honor'],
  ['Card declined: insufficient funds', 'issuer response 51 insufficient_funds'],
  ['Card declined: lost card', 'issuer response 41 lost_card'],
  ['Card declined: stolen card', 'issuer response 43 stolen_card'],
  ['Card declined: expired card', 'issuer response 54 expired_card'],
  ['Card declined: incorrect CVV', 'issuer response N7 cvv_mismatch'],
  ['Processing error. Please try again.', 'processor timeout after 30000 ms (retryable)'],
  ['3-D Secure authentication failed', 'authentication result N (not authenticated)'],
] as const;

const messages: Record<Exclude<TransactionStatus, 'failed'>, string> = {
  success: 'Approved',
  completed: 'Approved',
  pending: 'Awaiting issuer confirmation',
  disputed: 'Chargeback opened by the cardholder',
  refunded: 'Refunded to the cardholder',
  voided: 'Voided: the checkout was paid by another payment',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const base36 = (prng: Prng, length: number): string =>
  Array.from({ length }, () => prng.int(0, 35).toString(36))
    .join('')
    .toUpperCase();

/** Mostly everyday amounts ($5 to $300), a tail of larger ones up to $2,500. */
function amountCents(prng: Prng): number {
  const dollars = Math.round(Math.exp(prng.next() * Math.log(500)) * 5);
  const cents = prng.pick([0, 0, 99, 50, 95, prng.int(1, 98)]);
  return numberToCents(Math.min(dollars, 2500)) + cents;
}

/** Recent days are a little busier; daytime hours far more than night. */
function createdAt(prng: Prng, now: number, days: number, status: TransactionStatus): number {
  const ageDays = status === 'pending' ? prng.next() * 2 : days * (1 - Math.sqrt(prng.next()));
  const at = now - ageDays * DAY;
  const hour = prng.weighted([
    [9, 3],
    [12, 4],
    [15, 4],
    [19, 3],
    [22, 1],
    [3, 0.3],
  ] as const);
  const day = new Date(at);
  day.setUTCHours(hour + prng.int(0, 2), prng.int(0, 59), prng.int(0, 59), prng.int(0, 999));
  return Math.min(day.getTime(), now - prng.int(1, 600) * 1000);
}

function makeTransaction(prng: Prng, customer: DemoCustomer, options: Required<GenerateOptions>): TransactionSeed {
  const status = prng.weighted(statuses);
  const created = createdAt(prng, options.now.getTime(), options.days, status);
  const routed = prng.weighted(options.providerKeys.map((k, i) => [k, [70, 22, 8][i] ?? 5] as const));
  // Some declines happen before a switch is chosen: the list shows N/A for them.
  const key = status === 'failed' && prng.chance(0.3) ? null : routed;
  const amount = amountCents(prng);
  // A pending payment already carries its fee and net (they settle with it); a failed one has none.
  const settled = status !== 'failed';
  const fee = settled ? Math.round((amount * routed.feeBps) / 10_000) + routed.feeFixedCents : 0;
  const decline = status === 'failed' ? prng.pick(declines) : null;
  const laterBy = status === 'disputed' || status === 'refunded' ? prng.int(1, 20) * DAY : prng.int(2, 40) * 1000;
  return {
    transactionId: `PD${base36(prng, 14)}`,
    orderId: `ORD-${prng.int(10_000_000, 99_999_999)}`,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    amountCents: amount,
    feeCents: fee,
    netCents: settled ? amount - fee : 0,
    status,
    cardBrand: customer.card.brand,
    lastFour: customer.card.lastFour,
    cardFingerprint: customer.card.fingerprint,
    providerKeyId: key?.id ?? null,
    responseMessage: decline ? decline[0] : messages[status as Exclude<TransactionStatus, 'failed'>],
    debugMessage: decline ? decline[1] : null,
    createdAt: new Date(created),
    updatedAt: new Date(Math.min(created + laterBy, options.now.getTime())),
  };
}

/** Deterministic for a seed and `now`; returning customers reuse their name, e-mail and card. */
export function* generateTransactions(options: GenerateOptions): Generator<TransactionSeed> {
  const full = { now: new Date(), days: 90, ...options };
  const prng = createPrng(full.seed);
  const customers = Array.from({ length: Math.max(10, Math.ceil(full.count * 0.4)) }, (_, i) => makeCustomer(prng, i, full.seed));
  for (let i = 0; i < full.count; i += 1) {
    yield makeTransaction(prng, prng.pick(customers), full);
  }
}
