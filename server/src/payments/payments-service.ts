import { detectBrand, brandLabel, isValidCardNumber, isValidCvv, isValidExpiry, lastFour } from '@paydesk/shared/cards/card-rules';
import type { CardTransactionPayload, TransactionResult } from '@paydesk/shared/schemas/payment';
import { numberToCents } from '@paydesk/shared/money';
import type { Db } from '../db/db';
import { declined, invalid, notFound } from '../errors/domain-error';
import { findCheckout, type CheckoutRow } from './checkouts-repository';
import { cardFingerprint } from '../cards/card-fingerprint';
import { newOrderId, newTransactionId } from './payment-ids';
import {
  findInitialization,
  findPayment,
  firstAnswerOf,
  storePaymentOnce,
  VOIDED_MESSAGE,
  type Initialization,
  type NewPayment,
  type StoredStatus,
} from './payments-repository';
import { routePayment, type Route } from './provider-routing';
import { recommendationFor, sandboxOutcome } from './sandbox-processor';
import { storedOutcome } from './stored-outcome';
import { SANDBOX_PROCESSOR, transactionResult } from './transaction-result';
import { checkWithIssuer, recordIssuerUse, type CardIssuer, type IssuerVerdict } from '../cards/card-issuer';

export interface PaymentContext {
  db: Db;
  fingerprintKey: string;
  pendingResolveSeconds: number;
  challengeOrigin: string;
  /** The sandbox issuer's card pool. */
  issuer: CardIssuer;
  /** Writes a card's initialisation (initializationWriter: one per process, on `db`). */
  saveInitialization: (init: Initialization) => Promise<void>;
  /** Stores a payment nobody has checked yet (paymentWriter: one per process, on `db`); false if it was turned down. */
  storeUnchecked: StorePayment;
}

/** Stores a payment with the answer it gets: how it was stored, undefined when it was turned down (storePaymentOnce). */
type StorePayment = (row: NewPayment, answer: TransactionResult) => Promise<StoredStatus | undefined>;

/** PAY-06: runs when the card number field loses focus; the payment may go on only on PROCEED. */
export async function initializeCardTransaction(ctx: PaymentContext, cardNumber: string, reference: string | null) {
  if (!isValidCardNumber(cardNumber)) throw invalid('Invalid card number');
  // Any reference but null must name a payable checkout: an empty one would reach the foreign key (a 500).
  if (reference !== null) await payableCheckout(ctx.db, reference);
  const init = {
    transaction_id: newTransactionId(),
    order_id: newOrderId(),
    checkout_reference: reference,
    card_fingerprint: cardFingerprint(ctx.fingerprintKey, cardNumber),
    card_brand: brandLabel(detectBrand(cardNumber)),
    last_four: lastFour(cardNumber),
    recommendation: recommendationFor(cardNumber),
  };
  await ctx.saveInitialization(init);
  return { gatewayRecommendation: init.recommendation, transactionId: init.transaction_id, orderId: init.order_id };
}

async function payableCheckout(db: Db, reference: string) {
  const checkout = await findCheckout(db, reference);
  if (!checkout) throw notFound('Invalid reference');
  if (checkout.status === 'completed') throw invalid('This payment has already been completed');
  if (checkout.status === 'failed') throw invalid('This payment has failed');
  return checkout;
}

/** The card rules (VAL-04 to VAL-07), applied again on the server (VAL-17). */
function checkCard(payload: CardTransactionPayload): void {
  if (!isValidCardNumber(payload.card_number)) throw invalid('Invalid card number');
  const brand = detectBrand(payload.card_number);
  if (!isValidCvv(payload.cvv, brand)) throw invalid('Invalid CVV');
  if (!isValidExpiry(`${payload.card_month}/${payload.card_year.slice(2)}`)) throw invalid('Invalid expiry date');
}

/** The card as presented, as the payment row keeps it (never the number or the CVV). */
interface PresentedCard {
  fingerprint: string;
  brand: string;
  lastFour: string;
}

/**
 * Processes a card payment once per transaction id: a retried or concurrent duplicate charges
 * nothing more and gets the first answer.
 */
export async function processCardTransaction(ctx: PaymentContext, payload: CardTransactionPayload): Promise<TransactionResult> {
  checkCard(payload);
  const card: PresentedCard = {
    fingerprint: cardFingerprint(ctx.fingerprintKey, payload.card_number),
    brand: brandLabel(detectBrand(payload.card_number)),
    lastFour: lastFour(payload.card_number),
  };
  const rules = paymentRules(ctx);
  // Routing reads the top-level handle, so it is done before any transaction opens.
  const routeFor = (checkout?: CheckoutRow) =>
    routePayment(ctx.db, detectBrand(payload.card_number), checkout ? checkout.amount_cents : numberToCents(payload.amount));
  // The common payment, a card outside the pool on the pay form, is one statement, shared with
  // the payments that arrive meanwhile: the store checks the initialisation itself. Whatever it
  // turns down (an unknown or blocked initialisation, a pooled card, a duplicate) goes the whole
  // way below, which says why.
  if (!payload.checkout) {
    const answer = await pay(rules, ctx.db, {
      payload,
      card,
      reference: null,
      route: await routeFor(),
      verdict: { pooled: false },
      store: ctx.storeUnchecked,
    });
    if (answer) return answer;
  }
  const init = await findInitialization(ctx.db, payload.transaction_id);
  if (!init || init.order_id !== payload.order_id || init.card_fingerprint !== card.fingerprint) {
    throw invalid('This card was not initialised for this transaction');
  }
  if (init.recommendation !== 'PROCEED') throw declined('This card was blocked as fraudulent. Please use another card.');
  const reference = payload.checkout ? payload.checkout_reference : null;
  if ((reference ?? null) !== (init.checkout_reference ?? null)) throw invalid('Invalid reference');
  const checkout = reference ? await payableCheckout(ctx.db, reference) : undefined;
  // A pooled card's row stays locked from the issuer's check to the commit, so its failures are
  // counted one payment at a time.
  const presented = {
    fingerprint: card.fingerprint,
    cvv: payload.cvv,
    expiryMonth: Number(payload.card_month),
    expiryYear: Number(payload.card_year),
  };
  const route = await routeFor(checkout);
  const answer = init.pooled
    ? await ctx.db.transaction(async (tx) =>
        pay(rules, tx, {
          payload,
          card,
          reference,
          checkout,
          route,
          verdict: await checkWithIssuer(tx, rules.issuer, presented),
          store: checkedStore(tx),
        }),
      )
    : await pay(rules, ctx.db, { payload, card, reference, checkout, route, verdict: { pooled: false }, store: checkedStore(ctx.db) });
  return (
    answer ??
    ((await firstAnswerOf(ctx.db, payload.transaction_id)) as TransactionResult | null) ??
    requeryPayment(ctx, payload.transaction_id)
  );
}

/**
 * What deciding and storing a payment needs besides the database handle it is given: never the
 * top-level handle, since a pooled card's payment runs inside a transaction.
 */
type PaymentRules = Pick<PaymentContext, 'pendingResolveSeconds' | 'challengeOrigin' | 'issuer'>;

const paymentRules = ({ pendingResolveSeconds, challengeOrigin, issuer }: PaymentContext): PaymentRules => ({
  pendingResolveSeconds,
  challengeOrigin,
  issuer,
});

interface Payment {
  payload: CardTransactionPayload;
  card: PresentedCard;
  reference: string | null;
  /** The payable checkout of `reference`: its amount and customer are the merchant's, never the browser's. */
  checkout?: CheckoutRow;
  /** The provider key and fee, chosen before any transaction opens. */
  route: Route;
  verdict: IssuerVerdict;
  /**
   * How it is stored: unchecked (the store checks the initialisation and the pool), or after the
   * whole way has read them (a card added to the pool after that read is paid as if it came a
   * moment earlier).
   */
  store: StorePayment;
}

const checkedStore =
  (db: Db): StorePayment =>
  (row, answer) =>
    storePaymentOnce(db, row, answer);

/**
 * Decides the outcome (the issuer first, as a pooled card can be declined, then the test-card
 * table) and stores the payment with it; null when the store turned it down. A paid payment that
 * lost its checkout to another is answered as stored: voided.
 */
async function pay(
  rules: PaymentRules,
  db: Db,
  { payload, card, reference, checkout, route, verdict, store }: Payment,
): Promise<TransactionResult | null> {
  const amountCents = checkout ? checkout.amount_cents : numberToCents(payload.amount);
  const customer = checkout ?? payload;
  const decided =
    verdict.pooled && verdict.decline ? { kind: 'declined' as const, decline: verdict.decline } : sandboxOutcome(payload.card_number);
  const outcome = storedOutcome(decided, rules.pendingResolveSeconds);
  const failed = outcome.status === 'failed';
  const row = {
    transaction_id: payload.transaction_id,
    order_id: payload.order_id,
    checkout_reference: reference,
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    phone: customer.phone,
    amount_cents: amountCents,
    card_brand: card.brand,
    last_four: card.lastFour,
    card_fingerprint: card.fingerprint,
    provider_key_id: route.providerKeyId,
    processor: SANDBOX_PROCESSOR,
    ...outcome,
    fee_cents: failed ? 0 : route.feeCents,
    net_cents: failed ? 0 : amountCents - route.feeCents,
  };
  const result = transactionResult(row, rules.challengeOrigin);
  const stored = await store(row, result);
  if (!stored) return null;
  const voided = stored === 'voided';
  await recordIssuerUse(db, rules.issuer, verdict, {
    transactionId: row.transaction_id,
    succeeded: !failed,
    reason: failed ? row.response_message : null,
  });
  return voided ? transactionResult({ ...row, status: 'voided', response_message: VOIDED_MESSAGE }, rules.challengeOrigin) : result;
}

/** PAY-15, requery: the payment as it stands now. */
export async function requeryPayment(ctx: PaymentContext, transactionId: string): Promise<TransactionResult> {
  const row = await findPayment(ctx.db, transactionId);
  if (!row) throw notFound('Transaction not found');
  return transactionResult(row, ctx.challengeOrigin);
}
