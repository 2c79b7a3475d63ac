import type { Db } from '../db/db';
import { withoutStatementTimeout } from '../db/db';
import { SANDBOX_PROCESSOR } from '../payments/transaction-result';
import { createPrng, type Prng } from './prng';

/**
 * A past of the available balance with every kind of money move, written straight into the
 * tables with the times it happened at: payments, refunds (some failing), disputes won and lost
 * with their fees, withdrawals paid out and refused. Each posting balances and each row satisfies
 * its table's checks, as if the product had written them over that time; nothing else (events,
 * audit entries) is written. For the balance-history benchmark and the property test, which need a
 * year of movements in seconds, not a year.
 */
export interface LedgerHistoryOptions {
  /** About how many movements of the available balance (the last payment's may pass it by a few). */
  movements: number;
  from: Date;
  to: Date;
  seed?: number;
  /** Payments written per round of statements. */
  batch?: number;
  /** Distinguishes the rows of two histories in one database. */
  tag?: string;
  onProgress?: (written: number) => void;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** What the sandbox charges a payment: 2.9 % and 30 cents. */
const feeOf = (cents: number) => Math.round(cents * 0.029) + 30;
const DISPUTE_FEE_CENTS = 1500;
const REFUND_FAILURE = 'The card issuer refused the refund';
const WITHDRAWAL_REFUSED = 'The receiving bank rejected the account';

interface Posting {
  kind: string;
  source: string;
  transactionId: string | null;
  refundId: string | null;
  disputeId: string | null;
  withdrawalReference: string | null;
  at: number;
  entries: [account: string, cents: number][];
}

interface Batch {
  payments: { id: string; cents: number; fee: number; refunded: number; status: string; at: number }[];
  refunds: { id: string; transactionId: string; cents: number; failed: boolean; at: number }[];
  disputes: { id: string; transactionId: string; cents: number; won: boolean; at: number; closedAt: number }[];
  withdrawals: { reference: string; cents: number; failed: boolean; at: number; processedAt: number }[];
  postings: Posting[];
  movements: number;
}

const newBatch = (): Batch => ({ payments: [], refunds: [], disputes: [], withdrawals: [], postings: [], movements: 0 });

/** One payment and what follows it, each follow-up only when it falls inside the history. */
function addPayment(batch: Batch, random: Prng, name: (kind: string) => string, at: number, end: number): void {
  const cents = random.int(500, 50_000);
  const fee = feeOf(cents);
  const id = name('TXN');
  const payment = { id, cents, fee, refunded: 0, status: 'completed', at };
  batch.payments.push(payment);
  const posting = (p: Omit<Posting, 'transactionId' | 'refundId' | 'disputeId' | 'withdrawalReference'> & Partial<Posting>) =>
    batch.postings.push({ transactionId: null, refundId: null, disputeId: null, withdrawalReference: null, ...p });
  posting({
    kind: 'payment',
    source: `payment:${id}`,
    transactionId: id,
    at,
    entries: [
      ['card_settlement', -cents],
      ['merchant_available', cents],
    ],
  });
  posting({
    kind: 'payment_fee',
    source: `payment:${id}:payment_fee`,
    transactionId: id,
    at,
    entries: [
      ['merchant_available', -fee],
      ['fees', fee],
    ],
  });
  batch.movements += 2;
  const roll = random.next();
  if (roll < 0.08) {
    const refundAt = at + random.int(HOUR_MS, 10 * DAY_MS);
    if (refundAt >= end) return;
    const refund = {
      id: name('re_'),
      transactionId: id,
      cents: random.chance(0.5) ? cents : random.int(100, cents),
      failed: random.chance(0.05),
      at: refundAt,
    };
    batch.refunds.push(refund);
    const take: [string, number][] = [
      ['merchant_available', -refund.cents],
      ['card_settlement', refund.cents],
    ];
    posting({ kind: 'refund', source: `refund:${refund.id}:refund`, refundId: refund.id, at: refundAt, entries: take });
    batch.movements += 1;
    if (refund.failed) {
      const back: [string, number][] = [
        ['card_settlement', -refund.cents],
        ['merchant_available', refund.cents],
      ];
      posting({
        kind: 'refund_returned',
        source: `refund:${refund.id}:refund_returned`,
        refundId: refund.id,
        at: refundAt + 60_000,
        entries: back,
      });
      batch.movements += 1;
    } else {
      payment.refunded = refund.cents;
      if (refund.cents === cents) payment.status = 'refunded';
    }
  } else if (roll < 0.09) {
    const disputeAt = at + random.int(DAY_MS, 30 * DAY_MS);
    if (disputeAt >= end) return;
    const won = random.chance(0.4);
    const closedAt = Math.min(disputeAt + random.int(DAY_MS, 14 * DAY_MS), end - 1);
    const dispute = { id: name('dp_'), transactionId: id, cents, won, at: disputeAt, closedAt };
    batch.disputes.push(dispute);
    payment.status = won ? 'completed' : 'disputed';
    const source = (kind: string) => `dispute:${dispute.id}:${kind}`;
    posting({
      kind: 'dispute_funds_withdrawn',
      source: source('dispute_funds_withdrawn'),
      disputeId: dispute.id,
      at: disputeAt,
      entries: [
        ['merchant_available', -cents],
        ['card_settlement', cents],
      ],
    });
    posting({
      kind: 'dispute_fee',
      source: source('dispute_fee'),
      disputeId: dispute.id,
      at: disputeAt,
      entries: [
        ['merchant_available', -DISPUTE_FEE_CENTS],
        ['fees', DISPUTE_FEE_CENTS],
      ],
    });
    batch.movements += 2;
    if (won) {
      posting({
        kind: 'dispute_funds_reinstated',
        source: source('dispute_funds_reinstated'),
        disputeId: dispute.id,
        at: closedAt,
        entries: [
          ['card_settlement', -cents],
          ['merchant_available', cents],
        ],
      });
      batch.movements += 1;
    }
  }
  // About one withdrawal for every 40 payments, of about what 30 of them brought.
  if (random.chance(0.025)) {
    const withdrawalAt = at + random.int(1, HOUR_MS);
    if (withdrawalAt >= end) return;
    const failed = random.chance(0.05);
    const processedAt = Math.min(withdrawalAt + DAY_MS, end - 1);
    const w = { reference: name('WD'), cents: random.int(100_000, 600_000), failed, at: withdrawalAt, processedAt };
    batch.withdrawals.push(w);
    const source = (kind: string) => `withdrawal:${w.reference}:${kind}`;
    posting({
      kind: 'withdrawal_requested',
      source: source('withdrawal_requested'),
      withdrawalReference: w.reference,
      at: withdrawalAt,
      entries: [
        ['merchant_available', -w.cents],
        ['merchant_pending', w.cents],
      ],
    });
    posting({
      kind: failed ? 'withdrawal_returned' : 'withdrawal_paid_out',
      source: source(failed ? 'withdrawal_returned' : 'withdrawal_paid_out'),
      withdrawalReference: w.reference,
      at: processedAt,
      entries: failed
        ? [
            ['merchant_pending', -w.cents],
            ['merchant_available', w.cents],
          ]
        : [
            ['merchant_pending', -w.cents],
            ['bank_payouts', w.cents],
          ],
    });
    batch.movements += failed ? 2 : 1;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

async function writeBatch(db: Db, batch: Batch): Promise<void> {
  const p = batch.payments;
  await db.query(
    `insert into transactions (transaction_id, order_id, first_name, last_name, email, phone, amount_cents, fee_cents, net_cents, status,
       refunded_cents, processor, created_at, updated_at)
     select id, 'ORD-' || id, 'Ledger', 'History', 'history@example.com', '+15550100', cents, fee, cents - fee, status, refunded, $7, at, at
       from unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::timestamptz[]) as p(id, cents, fee, status, refunded, at)`,
    [
      p.map((x) => x.id),
      p.map((x) => x.cents),
      p.map((x) => x.fee),
      p.map((x) => x.status),
      p.map((x) => x.refunded),
      p.map((x) => iso(x.at)),
      SANDBOX_PROCESSOR,
    ],
  );
  const r = batch.refunds;
  if (r.length > 0) {
    await db.query(
      `insert into refunds (id, transaction_id, amount_cents, reason, status, failure_reason, requested_via, settle_at, created_at, settled_at)
       select id, transaction_id, cents, 'requested_by_customer', case when failed then 'failed' else 'succeeded' end,
              case when failed then $5 end, 'api', at, at, at + interval '1 minute'
         from unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[], $6::timestamptz[]) as r(id, transaction_id, cents, failed, at)`,
      [
        r.map((x) => x.id),
        r.map((x) => x.transactionId),
        r.map((x) => x.cents),
        r.map((x) => x.failed),
        REFUND_FAILURE,
        r.map((x) => iso(x.at)),
      ],
    );
  }
  const d = batch.disputes;
  if (d.length > 0) {
    await db.query(
      `insert into disputes (id, transaction_id, amount_cents, fee_cents, reason, status, due_by, payment_status, opened_via, created_at,
         updated_at, closed_at)
       select id, transaction_id, cents, $6, 'fraudulent', case when won then 'won' else 'lost' end, at + interval '7 days', 'completed',
              'sandbox', at, closed_at, closed_at
         from unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[], $5::timestamptz[], $7::timestamptz[])
           as d(id, transaction_id, cents, won, at, closed_at)`,
      [
        d.map((x) => x.id),
        d.map((x) => x.transactionId),
        d.map((x) => x.cents),
        d.map((x) => x.won),
        d.map((x) => iso(x.at)),
        DISPUTE_FEE_CENTS,
        d.map((x) => iso(x.closedAt)),
      ],
    );
  }
  const w = batch.withdrawals;
  const withdrawalIds = new Map<string, number>();
  if (w.length > 0) {
    const rows = await db.query<{ id: number; reference: string }>(
      `insert into withdrawals (reference, amount_cents, account_number, bank_name, account_name, status, failure_reason, settle_at, created_at,
         processed_at)
       select reference, cents, case when failed then '99990000' else '12345678' end, 'History Bank', 'Paydesk Merchant Ltd',
              case when failed then 'failed' else 'completed' end, case when failed then $4 end, at, at, processed_at
         from unnest($1::text[], $2::bigint[], $3::boolean[], $5::timestamptz[], $6::timestamptz[]) as w(reference, cents, failed, at, processed_at)
       returning id, reference`,
      [
        w.map((x) => x.reference),
        w.map((x) => x.cents),
        w.map((x) => x.failed),
        WITHDRAWAL_REFUSED,
        w.map((x) => iso(x.at)),
        w.map((x) => iso(x.processedAt)),
      ],
    );
    for (const row of rows) withdrawalIds.set(row.reference, Number(row.id));
  }
  // Oldest first, so the postings' ids follow their times as the product's do (within a batch).
  const postings = [...batch.postings].sort((a, b) => a.at - b.at);
  const sourceOf = (x: Posting) =>
    x.withdrawalReference ? x.source.replace(x.withdrawalReference, String(withdrawalIds.get(x.withdrawalReference))) : x.source;
  const entries = postings.flatMap((x) => x.entries.map(([account, cents]) => [sourceOf(x), account, cents] as const));
  await db.query(
    `with posted as (
       insert into ledger_postings (kind, source, transaction_id, refund_id, dispute_id, withdrawal_id, created_at)
       select kind, source, transaction_id, refund_id, dispute_id, withdrawal_id, at
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::timestamptz[]) with ordinality
           as p(kind, source, transaction_id, refund_id, dispute_id, withdrawal_id, at, n)
        order by n
       returning id, source, created_at)
     insert into ledger_entries (posting_id, account, amount_cents, created_at)
     select posted.id, e.account, e.cents, posted.created_at
       from posted join unnest($8::text[], $9::text[], $10::bigint[]) as e(source, account, cents) on e.source = posted.source`,
    [
      postings.map((x) => x.kind),
      postings.map(sourceOf),
      postings.map((x) => x.transactionId),
      postings.map((x) => x.refundId),
      postings.map((x) => x.disputeId),
      postings.map((x) => (x.withdrawalReference ? withdrawalIds.get(x.withdrawalReference)! : null)),
      postings.map((x) => iso(x.at)),
      entries.map((e) => e[0]),
      entries.map((e) => e[1]),
      entries.map((e) => e[2]),
    ],
  );
}

/** Writes the history in batches, each in a transaction of its own; answers how many movements it wrote. */
export async function writeLedgerHistory(db: Db, options: LedgerHistoryOptions): Promise<number> {
  const random = createPrng(options.seed ?? 2026);
  const tag = (options.tag ?? 'H').toUpperCase();
  let serial = 0;
  const name = (kind: string) => `${kind}${tag}${String(++serial).padStart(16, '0')}`;
  const start = options.from.getTime();
  const end = options.to.getTime();
  const batchSize = options.batch ?? 5_000;
  // Payments spread evenly over the span, each at a random moment of its own slot. A payment
  // makes about 2.14 movements: its credit, its fee, and 0.14 of refunds, disputes and withdrawals.
  const payments = Math.max(1, Math.round(options.movements / 2.14));
  const slot = (end - start) / payments;
  let written = 0;
  let i = 0;
  while (written < options.movements && i < payments * 2) {
    const batch = newBatch();
    while (batch.payments.length < batchSize && written + batch.movements < options.movements) {
      const at = Math.min(start + (i % payments) * slot + random.next() * slot, end - 1);
      addPayment(batch, random, name, Math.floor(at), end);
      i += 1;
    }
    await db.transaction(async (tx) => {
      await withoutStatementTimeout(tx);
      await writeBatch(tx, batch);
    });
    written += batch.movements;
    options.onProgress?.(written);
  }
  return written;
}
