import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withdrawRequest, withdrawResponse } from '@paydesk/shared/schemas/wallet';
import type { Db } from '../src/db/db';
import { defaultMigrationsDir, migrate } from '../src/db/migrate';
import { apiKeyScope, idempotent, requestHash } from '../src/idempotency/idempotency-keys';
import { sameWithdrawal } from '../src/wallet/withdrawals-service';
import { bearer, buildTestApp, login, openTestDb, type TestApp } from './helper';
import { merchantRefunds, paidPayment, refundSums } from './refunds-fixtures';

/** IDEM-06: each secret key has its own Idempotency-Key scope, as each staff member has theirs. */
let t: TestApp;
let otherKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = bearer(await login(t.app, 'admin@paydesk.test'));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/backend/api-keys',
    headers: admin,
    payload: { name: 'Second integration', kind: 'secret' },
  });
  expect(created.statusCode).toBe(201);
  otherKey = created.json().data.secret;
}, 60_000);
afterAll(() => t?.close());

const checkoutBody = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 12.5 };
const createCheckout = (key: string, idempotencyKey: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...bearer(key), 'idempotency-key': idempotencyKey },
    payload: checkoutBody,
  });

it('two secret keys sending the same Idempotency-Key and body get two refunds; each key replays its own', async () => {
  const payment = await paidPayment(t, 80);
  const key = `same-key-${payment}`;
  const body = { transaction_id: payment, amount: 10, reason: 'requested_by_customer' };
  const first = await merchantRefunds(t.app, t.config.secretKey).create(body, key);
  const second = await merchantRefunds(t.app, otherKey).create(body, key);
  expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
  expect(second.headers['idempotent-replayed']).toBeUndefined();
  expect(second.json().data.id).not.toBe(first.json().data.id);
  expect(await refundSums(t.db, payment)).toMatchObject({ count: 2, taken: 2000 });

  // Within one key the key still works as before (IDEM-01).
  const again = await merchantRefunds(t.app, otherKey).create(body, key);
  expect([again.statusCode, again.headers['idempotent-replayed'], again.json().data.id]).toEqual([201, 'true', second.json().data.id]);
  expect((await refundSums(t.db, payment)).count).toBe(2);
});

it('one key does not see the body another key sent with the same Idempotency-Key (no 422 across keys)', async () => {
  const payment = await paidPayment(t, 80);
  const key = `other-body-${payment}`;
  expect(
    (await merchantRefunds(t.app, t.config.secretKey).create({ transaction_id: payment, amount: 1, reason: 'other' }, key)).statusCode,
  ).toBe(201);
  const other = await merchantRefunds(t.app, otherKey).create({ transaction_id: payment, amount: 2, reason: 'other' }, key);
  expect([other.statusCode, other.headers['idempotent-replayed']]).toEqual([201, undefined]);
});

it('checkouts too: two keys, one Idempotency-Key, two checkouts', async () => {
  const key = `order-${Date.now()}-two-keys`;
  const a = await createCheckout(t.config.secretKey, key);
  const b = await createCheckout(otherKey, key);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(b.json().data.reference).not.toBe(a.json().data.reference);
  const replay = await createCheckout(otherKey, key);
  expect([replay.headers['idempotent-replayed'], replay.json().data.reference]).toEqual(['true', b.json().data.reference]);
});

it('migration 030: an answer stored under the old shared scope still replays for every secret key that works', async () => {
  const testDb = await openTestDb();
  const before = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  try {
    for (const name of readdirSync(defaultMigrationsDir()).filter((file) => file < '030_'))
      copyFileSync(join(defaultMigrationsDir(), name), join(before, name));
    await migrate(testDb.db, before);
    const key = (id: string, hash: string, revoked: boolean) =>
      testDb.db.query(
        `insert into api_keys (id, kind, name, key_hash, prefix, revoked_at) values ($1, 'secret', 'Shop', $2, 'sk_test_abcd', $3)`,
        [id, hash, revoked ? new Date() : null],
      );
    await key('key_AAAAAAAAAAAAAAAA', 'a'.repeat(64), false);
    await key('key_BBBBBBBBBBBBBBBB', 'b'.repeat(64), false);
    await key('key_CCCCCCCCCCCCCCCC', 'c'.repeat(64), true);
    const request = ['POST /api/refunds', { transaction_id: 'TXN-1', amount: 1 }];
    const body = { status: 'success', data: { id: 're_old' } };
    await testDb.db.query(
      `insert into idempotency_keys (scope, key, request_hash, status_code, body) values ('api', 'order-1', $1, 201, $2)`,
      [requestHash(request), JSON.stringify(body)],
    );

    await migrate(testDb.db);
    const rows = await testDb.db.query<{ scope: string }>(`select scope from idempotency_keys where key = 'order-1' order by scope`);
    expect(rows.map((row) => row.scope)).toEqual(['api:key_AAAAAAAAAAAAAAAA', 'api:key_BBBBBBBBBBBBBBBB']);
    for (const id of ['key_AAAAAAAAAAAAAAAA', 'key_BBBBBBBBBBBBBBBB']) {
      const outcome = await idempotent(testDb.db, { scope: apiKeyScope({ id }), key: 'order-1', request }, () => {
        throw new Error('a stored answer must not run the work again');
      });
      expect(outcome).toEqual({ answer: { statusCode: 201, body }, replayed: true });
    }
  } finally {
    rmSync(before, { recursive: true, force: true });
    await testDb.dispose();
  }
});

/** A database migrated up to (not including) the migration `upTo`; `run` gets it, then it is gone. */
async function migratedBefore(upTo: string, run: (db: Db) => Promise<void>): Promise<void> {
  const testDb = await openTestDb();
  const before = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  try {
    for (const name of readdirSync(defaultMigrationsDir()).filter((file) => file < upTo))
      copyFileSync(join(defaultMigrationsDir(), name), join(before, name));
    await migrate(testDb.db, before);
    await run(testDb.db);
  } finally {
    rmSync(before, { recursive: true, force: true });
    await testDb.dispose();
  }
}

it("migration 031: a withdrawal's Idempotency-Key of the last 24 hours still replays, now from idempotency_keys", () =>
  migratedBefore('031_', async (db) => {
    const [user] = await db.query<{ id: number }>(
      `insert into users (name, email, password_hash, role) values ('Wes Wallet', 'wes@paydesk.test', 'unused', 'admin') returning id`,
    );
    const body = withdrawRequest.parse({
      amount: 12.5,
      account_number: '12345678',
      bank_name: 'First Test Bank',
      account_name: 'Paydesk Merchant Ltd',
      reason: 'Weekly payout',
    });
    // The request hash as withdrawals made it while they kept their keys in their own rows.
    const formerHash = createHash('sha256')
      .update(JSON.stringify([1250, body.account_number, body.bank_name, body.account_name, body.reason]))
      .digest('hex');
    const withdrawal = async (key: string, hoursAgo: number) => {
      const [row] = await db.query<{ id: number; reference: string; created_at: Date }>(
        `insert into withdrawals (reference, amount_cents, account_number, bank_name, account_name, note, requested_by, idempotency_key,
                                  request_hash, settle_at, created_at)
         values ($1, 1250, $2, $3, $4, $5, $6, $7, $8, now(), date_trunc('milliseconds', now()) - make_interval(hours => $9))
         returning id, reference, created_at`,
        [
          `WD${key.toUpperCase().replace(/[^A-Z0-9]/g, '')}0000000000`,
          body.account_number,
          body.bank_name,
          body.account_name,
          body.reason,
          user!.id,
          key,
          formerHash,
          hoursAgo,
        ],
      );
      return row!;
    };
    const recent = await withdrawal('wd-recent', 1);
    await withdrawal('wd-old', 25);

    await migrate(db);
    const scope = `user:${user!.id}`;
    const replayed = await idempotent(db, { scope, key: 'wd-recent', request: sameWithdrawal(body) }, () => {
      throw new Error('a stored answer must not run the work again');
    });
    expect(replayed.replayed).toBe(true);
    expect(replayed.answer.statusCode).toBe(201);
    expect(withdrawResponse.parse(replayed.answer.body)).toEqual({
      status: 'success',
      message: 'Withdrawal of $12.50 has been submitted for processing',
      data: {
        id: recent.id,
        amount: '12.50',
        account_number: body.account_number,
        bank_name: body.bank_name,
        account_name: body.account_name,
        status: 'pending',
        created_at: new Date(recent.created_at).toISOString(),
        processed_at: null,
        transaction_id: recent.reference,
        reason: body.reason,
        failure_reason: null,
      },
    });
    // The same key with another withdrawal is refused, as before.
    await expect(
      idempotent(db, { scope, key: 'wd-recent', request: sameWithdrawal({ ...body, amount: 13 }) }, () => {
        throw new Error('a refused key must not run the work');
      }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    // An answer older than the 24 hours answers are kept is not carried over.
    expect(await db.query(`select 1 from idempotency_keys where key = 'wd-old'`)).toEqual([]);
  }));
