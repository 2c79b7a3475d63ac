import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transactionStatuses } from '@paydesk/shared/schemas/transaction';
import { withdrawalStatuses } from '@paydesk/shared/schemas/wallet';
import { userStatuses } from '@paydesk/shared/schemas/user';
import { checkoutStatuses } from '@paydesk/shared/schemas/checkout';
import { builtInRoles, permissions } from '@paydesk/shared/roles';
import {
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  disputeReasons,
  disputeStatuses,
  refundReasons,
  refundStatuses,
} from '@paydesk/shared/schemas/merchant-objects';
import { eventTypes } from '@paydesk/shared/schemas/webhooks';
import { auditActions } from '@paydesk/shared/schemas/audit';
import { rollUpBalance } from '../src/balance/balance-rollups';
import { cardVault } from '../src/cards/card-vault';
import { checkpointLedger, postDispute, postRefund, postWithdrawal, transfer } from '../src/wallet/ledger';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { defaultMigrationsDir, migrate } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed-demo';
import { twoFactorBox, issueChallenge } from '../src/auth/two-factor-service';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret } from '../src/auth/totp';
import { TEST_PASSWORD } from './helper';
import { addUser } from './users-fixtures';

/** What the database holds after storeEveryKindOfRow: the keys a walk of the GET calls needs. */
export interface StoredRows {
  /** Every transaction: its numeric id, transaction id and stored status. */
  transactions: { id: number; transaction_id: string; status: string }[];
  checkouts: string[];
  poolCards: number;
  refunds: string[];
  /** Every dispute: its id and its payment. */
  disputes: { id: string; transaction_id: string }[];
  /** Every evidence file. */
  files: string[];
  /** Webhook endpoints not deleted (a deleted one's log is a 404), and outbox events. */
  endpoints: string[];
  events: string[];
  /** The newest audit entry's id (they are numbered from 1 without gaps). */
  lastAuditId: number;
  /** Every movement of the available balance (txn_…), newest first. */
  balanceMovements: string[];
  /** The objects the movements come from: payments, refunds, disputes and withdrawals (by reference). */
  balanceSources: string[];
}

/** The migrations up to (not including) `before`, alone in a folder: a database as an older release left it. */
function migrationsBefore(before: number): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (Number(name.split('_')[0]) < before) copyFileSync(join(defaultMigrationsDir(), name), join(dir, name));
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

let serial = 0;
const uniqueId = (prefix: string): string => `${prefix}${process.pid}X${++serial}`;

/** Rows written by the first release (migration 001), before payments had a processor or an answer: each status, bare and full. */
async function storeFirstReleaseRows(db: Db): Promise<void> {
  // `voided` came with migration 015: the first release could not store it.
  for (const status of transactionStatuses.filter((status) => status !== 'voided')) {
    await db.query(
      `insert into transactions (transaction_id, order_id, first_name, last_name, email, phone, amount_cents, status)
       values ($1, 'ORD-OLD', 'Old', 'Row', 'old@example.com', '+1555', 1234, $2)`,
      [uniqueId('OLDBARE'), status],
    );
    await db.query(
      `insert into transactions (transaction_id, order_id, first_name, last_name, email, phone, amount_cents, fee_cents, net_cents,
         status, card_brand, last_four, card_fingerprint, response_message, debug_message)
       values ($1, 'ORD-OLD', 'Old', 'Row', 'old@example.com', '+1555', 1234, 66, 1168, $2, 'Visa', '4242', 'fp', 'Old message', 'old debug')`,
      [uniqueId('OLDFULL'), status],
    );
  }
}

/** The NOT NULL columns of `transactions` without a default, from the catalogue: a new one fails this insert, not the walk. */
async function requiredColumns(db: Db): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'transactions' and is_nullable = 'NO' and column_default is null
      order by ordinal_position`,
  );
  return rows.map((row) => row.column_name);
}

const requiredValues: Record<string, (status: string) => unknown> = {
  transaction_id: () => uniqueId('BARE'),
  order_id: () => 'ORD-BARE',
  first_name: () => 'Bare',
  last_name: () => 'Row',
  email: () => 'bare@example.com',
  phone: () => '+1555',
  amount_cents: () => 500,
  status: (status) => status,
  processor: () => 'sandbox',
};

/**
 * Rows of today's schema written straight into the table: for each status, one with every
 * nullable column left null and one with every column set, and each kind of pending payment
 * (issuer challenge, demo modal, resolving later).
 */
async function storeCurrentRows(db: Db, checkoutReferences: string[]): Promise<void> {
  const required = await requiredColumns(db);
  for (const status of transactionStatuses) {
    const values = required.map((column) => {
      const value = requiredValues[column];
      if (!value) throw new Error(`transactions.${column} is required: give the bare row a value for it`);
      return value(status);
    });
    await db.query(`insert into transactions (${required.join(', ')}) values (${required.map((_, i) => `$${i + 1}`).join(', ')})`, values);
  }
  const [key] = await db.query<{ id: number }>('select id from provider_keys order by id limit 1');
  // Each full row on a checkout of its own: a checkout holds at most one paid payment (migration 015).
  let nextCheckout = 0;
  const full = (status: string, extra: { challenge?: string; challenge_outcome?: string; resolve?: string } = {}) =>
    db.query(
      `insert into transactions (transaction_id, order_id, checkout_reference, first_name, last_name, email, phone, amount_cents, fee_cents,
         net_cents, status, card_brand, last_four, card_fingerprint, provider_key_id, response_message, debug_message, processor, result,
         challenge, challenge_outcome, resolve_at, resolve_to)
       values ($1, 'ORD-FULL', $2, 'Full', 'Row', 'full@example.com', '+1555', 2500, 103, 2397, $3, 'Mastercard', '4444', 'fp', $4,
         'A message', 'a debug message', 'sandbox', '{}'::jsonb, $5, $6, case when $7::text is null then null else now() + interval '1 hour' end, $7)`,
      [
        uniqueId('FULL'),
        checkoutReferences[nextCheckout++ % checkoutReferences.length],
        status,
        key?.id ?? null,
        extra.challenge ?? null,
        extra.challenge_outcome ?? null,
        extra.resolve ?? null,
      ],
    );
  for (const status of transactionStatuses) await full(status);
  await full('pending', { challenge: 'acs', challenge_outcome: 'completed' });
  await full('pending', { challenge: 'demo', challenge_outcome: 'failed' });
  await full('pending', { resolve: 'failed' });
}

/** Each checkout status, with and without a callback address and a payment. */
async function storeCheckouts(db: Db): Promise<string[]> {
  const references: string[] = [];
  for (const status of checkoutStatuses) {
    for (const [callback, transactionId] of [
      [null, null],
      ['https://shop.example/paid', 'TXNSOMEPAYMENT0001'],
    ] as const) {
      const reference = `chk_${uniqueId('ROWS')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(16, '0')}`;
      await db.query(
        `insert into checkouts (reference, first_name, last_name, email, phone, amount_cents, metadata, callback_url, status, transaction_id)
         values ($1, 'Ada', 'Lovelace', 'ada@example.com', '+15550101', 1999, $2::jsonb, $3, $4, $5)`,
        [reference, JSON.stringify(callback ? { order: 'A-1', nested: { deep: [1, 2] } } : {}), callback, status, transactionId],
      );
      references.push(reference);
    }
  }
  return references;
}

/** Uses of pooled cards (a success, a failure with and without a reason) and a card the pool blocked by itself. */
async function storePoolCardUses(db: Db): Promise<void> {
  const cards = await db.query<{ id: number }>('select id from pool_cards order by id limit 2');
  for (const [i, card] of cards.entries()) {
    await db.query(
      `insert into pool_card_uses (card_id, transaction_id, succeeded, reason) values ($1, $2, true, null), ($1, $3, false, 'Your card was declined.'), ($1, $4, false, null)`,
      [card.id, uniqueId(`USE${i}A`), uniqueId(`USE${i}B`), uniqueId(`USE${i}C`)],
    );
  }
  await db.query(
    `update pool_cards set status = 'blocked', blocked_reason = 'too_many_failures', failure_count = 5, consecutive_failures = 5, last_used_at = now()
      where id = $1`,
    [cards[0]!.id],
  );
}

/** Each withdrawal status, with and without a reason, a failure reason and a requester (one whose account is gone). */
async function storeWithdrawals(db: Db): Promise<void> {
  for (const status of withdrawalStatuses) {
    for (const full of [false, true]) {
      await db.query(
        `insert into withdrawals (reference, amount_cents, account_number, bank_name, account_name, note, status, failure_reason, requested_by, settle_at, processed_at)
         values ($1, 1500, '12345678', 'Rows Bank', 'Rows Ltd', $2, $3, $4, $5, now(), case when $3 = 'pending' then null else now() end)`,
        [
          `WD${uniqueId('ROWS')
            .replace(/[^A-Z0-9]/g, '')
            .padEnd(12, '0')}`,
          full ? 'Weekly payout' : null,
          status,
          full ? 'The bank refused it' : null,
          null,
        ],
      );
    }
  }
}

/**
 * Refunds of each status, asked by the merchant API, by a staff member and by one whose account is
 * gone, on a payment of its own (a refund reserves its amount on the payment).
 */
async function storeRefunds(db: Db): Promise<void> {
  const [staff] = await db.query<{ id: number }>('select id from users order by id limit 1');
  const [gone] = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, role) values ('Gone', $1, 'x', 'viewer') returning id`,
    [`${uniqueId('gone')}@example.com`],
  );
  const [payment] = await db.query<{ transaction_id: string }>(
    `select transaction_id from transactions where status = 'completed' and amount_cents >= 1000 and refunded_cents = 0 order by id limit 1`,
  );
  let n = 0;
  for (const status of refundStatuses) {
    for (const [via, by] of [
      ['api', null],
      ['back_office', staff!.id],
      ['back_office', gone!.id],
    ] as const) {
      const id = `re_${uniqueId('ROWS')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(16, '0')}`;
      await db.query(
        `insert into refunds (id, transaction_id, amount_cents, reason, note, status, failure_reason, requested_by, requested_via, settle_at, settled_at)
         values ($1, $2, 100, $3, $4, $5, $6, $7, $8, now(), case when $5 = 'pending' then null else now() end)`,
        [
          id,
          payment!.transaction_id,
          refundReasons[n++ % refundReasons.length],
          by ? 'Asked by the customer' : null,
          status,
          status === 'failed' ? 'The card issuer refused the refund' : null,
          by,
          via,
        ],
      );
    }
  }
  await db.query(`update transactions set refunded_cents = 600 where transaction_id = $1`, [payment!.transaction_id]);
  await db.query('delete from users where id = $1', [gone!.id]);
}

/**
 * Disputes of each status on payments of their own (a payment holds one open dispute), bare and
 * with every evidence field (file fields naming a stored file and one that is not), one past its
 * due date, opened by the sandbox, by a staff member and by one whose account is gone; and
 * evidence files of each type.
 */
async function storeDisputes(db: Db): Promise<void> {
  const file = `file_${uniqueId('ROWS')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(16, '0')}`;
  await db.query(
    `insert into files (id, purpose, filename, type, size, content, uploaded_via) values
     ($1, 'dispute_evidence', 'receipt.pdf', 'application/pdf', 9, '%PDF-1.4 '::bytea, 'api')`,
    [file],
  );
  const [staff] = await db.query<{ id: number }>('select id from users order by id limit 1');
  const [gone] = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, role) values ('Gone', $1, 'x', 'admin') returning id`,
    [`${uniqueId('gone')}@example.com`],
  );
  const payments = await db.query<{ transaction_id: string }>(
    `select transaction_id from transactions where status in ('completed', 'success') and refunded_cents = 0 order by id desc limit $1`,
    [disputeStatuses.length * 2],
  );
  const full = {
    ...Object.fromEntries(disputeEvidenceTextFields.map((field) => [field, `Evidence for ${field}: "quoted", <b>bold</b>`])),
    ...Object.fromEntries(disputeEvidenceFileFields.map((field, i) => [field, i === 0 ? file : 'file_GONE0000000000000000'])),
  };
  let n = 0;
  for (const status of disputeStatuses) {
    for (const whole of [false, true]) {
      const payment = payments[n]!.transaction_id;
      const id = `dp_${uniqueId('ROWS')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(16, '0')}`;
      const [via, by] = whole ? ['back_office', n % 4 === 1 ? gone!.id : staff!.id] : ['sandbox', null];
      await db.query(
        `insert into disputes (id, transaction_id, amount_cents, fee_cents, reason, status, evidence, submission_count, submitted_at, due_by,
           decision, decide_at, payment_status, opened_via, opened_by, closed_at)
         values ($1, $2, 1999, case when $3 like 'warning%' then 0 else 1500 end, $4, $3, $5::jsonb, $6,
           case when $3 like '%under_review' or ($7 and $3 in ('won', 'lost')) then now() end,
           case when $7 then now() - interval '1 day' else now() + interval '7 days' end,
           case when $3 like '%under_review' then 'won' end, case when $3 like '%under_review' then now() end,
           'completed', $8, $9, case when $3 in ('warning_closed', 'won', 'lost') then now() end)`,
        [id, payment, status, disputeReasons[n % disputeReasons.length], JSON.stringify(whole ? full : {}), whole ? 2 : 0, whole, via, by],
      );
      await db.query(`update transactions set status = 'disputed' where transaction_id = $1 and $2`, [
        payment,
        !['warning_closed', 'won'].includes(status),
      ]);
      n += 1;
    }
  }
  await db.query('delete from users where id = $1', [gone!.id]);
}

/**
 * Ledger postings of every kind on the stored refunds, disputes and withdrawals, and a payment's
 * credit dated a year back, posted as payments were before migration 042, its fee inside the
 * payment's posting (its day and hour rolled up long ago, a movement of its own otherwise);
 * then the checkpoint and the balance's rollups, and a posting after them that only the tail reads.
 */
async function storeLedgerPostings(db: Db): Promise<void> {
  const [payment] = await db.query<{ transaction_id: string; amount_cents: number; fee_cents: number }>(
    `select transaction_id, amount_cents, coalesce(fee_cents, 0) as fee_cents from transactions t
      where not exists (select 1 from ledger_postings p where p.transaction_id = t.transaction_id)
      order by id limit 1`,
  );
  const [posting] = await db.query<{ id: number }>(
    `insert into ledger_postings (kind, source, transaction_id, created_at) values ('payment', $1, $2, now() - interval '1 year') returning id`,
    [`payment:${payment!.transaction_id}`, payment!.transaction_id],
  );
  await db.query(
    `insert into ledger_entries (posting_id, account, amount_cents, created_at)
     select $1, e.account, e.amount, now() - interval '1 year' from (values ('card_settlement', -$2::bigint), ('fees', $3::bigint),
       ('merchant_available', $2::bigint - $3::bigint)) e(account, amount) where e.amount <> 0`,
    [posting!.id, payment!.amount_cents, payment!.fee_cents],
  );
  const refunds = await db.query<{ id: string; status: string; amount_cents: number }>('select id, status, amount_cents from refunds');
  for (const refund of refunds) {
    await postRefund(db, refund.id, 'refund', Number(refund.amount_cents));
    if (refund.status === 'failed') await postRefund(db, refund.id, 'refund_returned', Number(refund.amount_cents));
  }
  const disputes = await db.query<{ id: string; status: string; amount_cents: number; fee_cents: number }>(
    `select id, status, amount_cents, fee_cents from disputes where status not like 'warning%'`,
  );
  for (const dispute of disputes) {
    await postDispute(db, dispute.id, 'dispute_funds_withdrawn', Number(dispute.amount_cents));
    await postDispute(db, dispute.id, 'dispute_fee', Number(dispute.fee_cents));
    if (dispute.status === 'won') await postDispute(db, dispute.id, 'dispute_funds_reinstated', Number(dispute.amount_cents));
  }
  const withdrawals = await db.query<{ id: number; status: string; amount_cents: number }>(
    'select id, status, amount_cents from withdrawals',
  );
  await checkpointLedger(db);
  await rollUpBalance(db);
  for (const w of withdrawals) {
    const cents = Number(w.amount_cents);
    await postWithdrawal(db, w.id, 'withdrawal_requested', transfer('merchant_available', 'merchant_pending', cents));
    if (w.status === 'completed')
      await postWithdrawal(db, w.id, 'withdrawal_paid_out', transfer('merchant_pending', 'bank_payouts', cents));
    if (w.status === 'failed' || w.status === 'cancelled') {
      await postWithdrawal(db, w.id, 'withdrawal_returned', transfer('merchant_pending', 'merchant_available', cents));
    }
  }
}

/**
 * Webhook endpoints in every state (enabled, disabled with a rolled secret, failing, deleted),
 * an event of each type (one with an empty object), and deliveries of each status with attempts
 * that succeeded, failed without an answer, and answered a full KB.
 */
async function storeWebhookRows(db: Db): Promise<void> {
  const endpoint = async (extra: string): Promise<string> => {
    const id = `we_${uniqueId('ROWS')
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(16, '0')}`;
    await db.query(
      `insert into webhook_endpoints (id, url, event_types, secret_sealed) values ($1, 'https://hooks.example/rows', $2, 'not-a-sealed-secret')`,
      [id, eventTypes],
    );
    if (extra) await db.query(`update webhook_endpoints set ${extra} where id = $1`, [id]);
    return id;
  };
  const endpoints = [
    await endpoint(''),
    await endpoint(
      `enabled = false, description = 'Rolled', previous_secret_sealed = 'old', previous_secret_expires_at = now() + interval '1 hour'`,
    ),
    await endpoint(`consecutive_failures = 7, failing_since = now()`),
    await endpoint(`deleted_at = now()`),
  ];
  for (const [i, type] of eventTypes.entries()) {
    const event = `evt_${uniqueId('ROWS')
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(16, '0')}`;
    await db.query(`insert into webhook_events (id, type, object, fanned_out_at) values ($1, $2, $3, now())`, [
      event,
      type,
      JSON.stringify(i === 0 ? {} : { object: 'payment', id: `TXN${i}` }),
    ]);
    const status = (['pending', 'succeeded', 'failed'] as const)[i % 3]!;
    const [delivery] = await db.query<{ id: number }>(
      `insert into webhook_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at) values ($1, $2, $3, $4, case when $3 = 'pending' then now() else null end) returning id`,
      [event, endpoints[i % endpoints.length], status, status === 'pending' ? 0 : 2],
    );
    if (status === 'pending') continue;
    await db.query(
      `insert into webhook_attempts (delivery_id, endpoint_id, attempt, started_at, duration_ms, succeeded, response_status, response_body)
       values ($1, $2, 1, now(), 10001, false, null, 'timed out'), ($1, $2, 2, now(), 12, $3, $4, $5)`,
      [delivery!.id, endpoints[i % endpoints.length], status === 'succeeded', status === 'succeeded' ? 200 : 500, 'x'.repeat(1024)],
    );
  }
}

/**
 * An audit entry of every action: one with every column but the action left null or empty, one
 * with each set and changes of every plain kind (migration 026 numbers, dates and chains them).
 */
async function storeAuditRows(db: Db): Promise<void> {
  const changes = {
    name: { from: 'Old', to: 'New' },
    added: { to: 3 },
    enabled: { from: true, to: false },
    event_types: { to: ['payment.succeeded'] },
    note: { from: null },
  };
  for (const action of auditActions) {
    await db.query('insert into audit_log (action) values ($1)', [action]);
    await db.query(
      `insert into audit_log (actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes)
       values (1, 'superadmin@paydesk.test', $1, '2001:db8::1', 'Rows/1.0 ("quoted", comma)', 'user', '1', $2)`,
      [action, JSON.stringify(changes)],
    );
  }
}

/**
 * Second factors of each kind: confirmed (with used and unused recovery codes, a taken step), one
 * waiting for its first code, and sign-in challenges of both purposes, one expired.
 */
async function storeTwoFactorRows(db: Db, config: Config): Promise<void> {
  const box = twoFactorBox(config);
  const [confirmed, pending, enrolling] = [await addUser(db, 'admin'), await addUser(db, 'viewer'), await addUser(db, 'super_admin')];
  await db.query(
    `insert into two_factor (user_id, secret_sealed, confirmed_at, last_step) values ($1, $2, now(), 59000000), ($3, $4, null, null)`,
    [
      confirmed.id,
      box.seal(newTotpSecret(), `two-factor:user:${confirmed.id}`),
      pending.id,
      box.seal(newTotpSecret(), `two-factor:user:${pending.id}`),
    ],
  );
  const codes = newRecoveryCodes().map(hashRecoveryCode);
  await db.query(
    `insert into two_factor_recovery_codes (user_id, code_hash, used_at) select $1, code, case when n <= 3 then now() end from unnest($2::text[]) with ordinality as c(code, n)`,
    [confirmed.id, codes],
  );
  await issueChallenge(db, confirmed.id, 'verify');
  await issueChallenge(db, enrolling.id, 'enrol');
  await db.query(`update sign_in_challenges set expires_at = now() - interval '1 minute' where user_id = $1`, [enrolling.id]);
}

/**
 * Passkeys as they can be stored: used and never used, no transports, the largest counter an
 * authenticator reports, a name of the longest length; and a waiting challenge of each ceremony,
 * one expired. Not of the demo accounts, whose sign-in the walk needs without a second step.
 */
async function storePasskeyRows(db: Db): Promise<void> {
  const [one, two] = [await addUser(db, 'admin'), await addUser(db, 'viewer')];
  await db.query(
    `insert into passkeys (user_id, credential_id, public_key, counter, transports, user_handle, name, last_used_at) values
       ($1, 'credential-one', '\\x00'::bytea, 0, '{}', 'handle-one', 'P', null),
       ($1, 'credential-two', '\\x01'::bytea, 4294967295, '{internal,hybrid,usb,nfc,ble}', 'handle-one', repeat('n', 64), now()),
       ($2, 'credential-three', '\\x02'::bytea, 7, '{usb}', 'handle-two', 'Key with ''quotes'', commas', now())`,
    [one.id, two.id],
  );
  await db.query(
    `insert into passkey_challenges (binding, purpose, user_id, challenge, user_handle, expires_at) values
       ('session:rows', 'register', $1, 'challenge-one', 'handle-one', now() + interval '5 minutes'),
       ('sign-in:rows', 'second_factor', $1, 'challenge-two', null, now() - interval '1 minute'),
       ('attempt:rows', 'passwordless', null, 'challenge-three', null, now() + interval '5 minutes')`,
    [one.id],
  );
}

/**
 * One stored row of every kind each GET call can read: transactions of the first release and of
 * today, the demo seed's own rows (ids starting PD), payments made through the API by the caller,
 * checkouts, pooled cards and their uses, withdrawals, and users of every role and status.
 * The demo accounts sign in with TEST_PASSWORD.
 */
/**
 * Releases of every status, live ones among them, with what a hand-edited row could hold: areas
 * that are not a list or name an unknown permission, an entry that is not a URL, no releaser; and
 * deploy tokens.
 */
async function storeReleaseRows(db: Db): Promise<void> {
  const rows: [remote: string, version: string, entry: string, areas: string, status: string, reason: string | null][] = [
    ['mf_rows', '1.0.0', 'https://cdn.example/rows/1.0.0/remoteEntry.js', '[]', 'available', null],
    ['mf_rows', '1.1.0', 'https://cdn.example/rows/1.1.0/remoteEntry.js', '{"not": "a list"}', 'live', null],
    ['mf_rows', '1.2.0', 'not a url', '[]', 'rolled_back', null],
    ['mf_rows', '1.3.0', 'http://[bad', '[]', 'refused', 'the gate said no'],
    ['mf_odd', '0.0.1', '//cdn.example/odd/remoteEntry.js', '[{"path": "odd", "permission": "no.such", "module": "Odd"}]', 'live', null],
    ['mf_cards', '9.9.9', 'http://[bad', '[{"path": "cards", "permission": "cards.view", "module": "CardsPage"}]', 'live', null],
  ];
  for (const [remote, version, entry, areas, status, reason] of rows)
    await db.query(
      `insert into remote_releases (remote, version, entry, integrity, areas, status, reason, promoted_at)
       values ($1, $2, $3, case when $5 = 'refused' then null else 'sha384-x' end, $4::jsonb, $5, $6, case when $5 = 'live' then now() end)`,
      [remote, version, entry, areas, status, reason],
    );
  // Deploy tokens: in use, revoked, of nobody (their maker deleted); a release made with one.
  await db.query(
    `insert into deploy_tokens (id, remote, token_hash, prefix, created_by, last_used_at, revoked_at) values
     ('dtk_ROWSAAAAAAAAAAAAAAAAAAAA', 'mf_rows', repeat('a', 64), 'pdt_rowsAAAA', null, now(), null),
     ('dtk_ROWSBBBBBBBBBBBBBBBBBBBB', 'mf_gone', repeat('b', 64), 'pdt_rowsBBBB', null, null, now())`,
  );
  await db.query(
    `insert into remote_releases (remote, version, entry, integrity, status, deploy_token_id)
     values ('mf_rows', '2.0.0', 'https://cdn.example/rows/2.0.0/remoteEntry.js', 'sha384-x', 'available', 'dtk_ROWSAAAAAAAAAAAAAAAAAAAA')`,
  );
}

export async function storeEveryKindOfRow(db: Db, config: Config): Promise<void> {
  const firstRelease = migrationsBefore(4);
  try {
    await migrate(db, firstRelease.dir);
  } finally {
    firstRelease.dispose();
  }
  await storeFirstReleaseRows(db);
  await migrate(db);
  await seedDemo(db, {
    password: TEST_PASSWORD,
    transactions: 120,
    cardPool: { vault: cardVault(config.cardStorageKey), fingerprintKey: config.fingerprintKey },
  });
  const checkouts = await storeCheckouts(db);
  await storeCurrentRows(db, checkouts);
  await storePoolCardUses(db);
  await storeWithdrawals(db);
  await storeRefunds(db);
  await storeDisputes(db);
  await storeLedgerPostings(db);
  await storeWebhookRows(db);
  await storeAuditRows(db);
  await storeTwoFactorRows(db, config);
  await storePasskeyRows(db);
  await storeReleaseRows(db);
  for (const role of builtInRoles) for (const status of userStatuses) await addUser(db, role, status);
  await storeRoleRows(db);
}

/**
 * Custom roles of every shape (PERM-04): none, every permission, only what others imply, a key
 * no version knows (a permission a later version removed grants nothing), the longest name; and
 * a user of each.
 */
async function storeRoleRows(db: Db): Promise<void> {
  const shapes: [string, string, string[]][] = [
    ['stored_none', 'Nothing at all', []],
    ['stored_all', 'Every permission', [...permissions]],
    ['stored_implied', 'Implied only', ['transactions.view', 'disputes.view']],
    ['stored_unknown', 'A removed permission', ['cards.view', 'cards.shred']],
    ['stored_long_name_x', 'N'.repeat(60), ['users.manage']],
  ];
  for (const [key, name, granted] of shapes) {
    await db.query("insert into roles (key, name, description, permissions) values ($1, $2, 'Stored ''as is''', $3::text[])", [
      key,
      name,
      granted,
    ]);
    await addUser(db, key);
  }
}

/** The keys of what is stored now. */
export async function readStoredRows(db: Db): Promise<StoredRows> {
  return {
    transactions: await db.query('select id, transaction_id, status from transactions order by id'),
    checkouts: (await db.query<{ reference: string }>('select reference from checkouts order by id')).map((row) => row.reference),
    poolCards: Number((await db.query<{ n: number }>('select count(*)::int as n from pool_cards'))[0]?.n),
    refunds: (await db.query<{ id: string }>('select id from refunds order by created_at, id')).map((row) => row.id),
    disputes: await db.query<{ id: string; transaction_id: string }>('select id, transaction_id from disputes order by created_at, id'),
    files: (await db.query<{ id: string }>('select id from files order by created_at, id')).map((row) => row.id),
    endpoints: (await db.query<{ id: string }>('select id from webhook_endpoints where deleted_at is null order by created_at, id')).map(
      (row) => row.id,
    ),
    events: (await db.query<{ id: string }>('select id from webhook_events order by created_at, id')).map((row) => row.id),
    lastAuditId: Number((await db.query<{ id: string }>('select coalesce(max(id), 0) as id from audit_log'))[0]?.id),
    balanceMovements: (await db.query<{ id: string }>('select id from balance_transactions order by created_at desc, posting_id desc')).map(
      (row) => row.id,
    ),
    balanceSources: (await db.query<{ source: string }>('select distinct source from balance_transactions order by source')).map(
      (row) => row.source,
    ),
  };
}
