import type { AuditEntry } from '@paydesk/shared/schemas/audit';
import { recordAudit } from '../src/audit/audit-log';
import { auditKeyOf } from '../src/audit/audit-chain';
import { verifyAuditChain } from '../src/audit/verify-chain';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, workbook } from './cards-fixtures';
import { paidPayment, staffRefunds, merchantRefunds } from './refunds-fixtures';
import { editOf, STRONG_PASSWORD, uniqueEmail, usersApi } from './users-fixtures';
import { aWithdrawal, walletApi } from './wallet-fixtures';
import { codeFor, enrol, passwordStep, secondStep, wrongCodeFor } from './two-factor-support';
import { addUser } from './users-fixtures';

/**
 * The audit trail (AUD-01 to AUD-06): each staff action and security event writes exactly one
 * entry in the action's own transaction, nothing secret, append-only, chained, and read by
 * super_admin alone.
 */
let t: TestApp;
let superToken: string;
let adminToken: string;
let viewerToken: string;
const UA = 'AuditTest/1.0';
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  superToken = await login(t.app, 'superadmin@paydesk.test');
  adminToken = await login(t.app, 'admin@paydesk.test');
  viewerToken = await login(t.app, 'viewer@paydesk.test');
}, 60_000);
afterAll(() => t?.close());

interface StoredEntry {
  id: string;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  client_ip: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  changes: Record<string, { from?: unknown; to?: unknown }>;
}

const lastId = async (): Promise<number> =>
  Number((await t.db.query<{ id: string }>('select coalesce(max(id), 0) as id from audit_log'))[0]!.id);
const entriesAfter = (id: number) => t.db.query<StoredEntry>('select * from audit_log where id > $1 order by id', [id]);

/** Runs `act` and returns the entries it wrote. */
async function written(act: () => Promise<unknown>): Promise<StoredEntry[]> {
  const before = await lastId();
  await act();
  return entriesAfter(before);
}

const as = (token: string) => ({ ...bearer(token), 'user-agent': UA });
const superAdmin = async () =>
  (await t.db.query<{ id: number; email: string }>(`select id, email from users where email = 'superadmin@paydesk.test'`))[0]!;

describe('each action writes exactly one entry', () => {
  it('sign-in, failed sign-in, lockout and sign-out', async () => {
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': UA },
        remoteAddress: '203.0.113.9',
        payload: { email, password },
      });

    let token = '';
    const [signedIn, ...more] = await written(async () => {
      const response = await signIn('superadmin@paydesk.test', TEST_PASSWORD);
      token = (response.json() as { data: { token: string } }).data.token;
    });
    expect(more).toEqual([]);
    const sup = await superAdmin();
    expect(signedIn).toMatchObject({
      action: 'auth.sign_in',
      actor_id: sup.id,
      actor_email: sup.email,
      client_ip: '203.0.113.9',
      user_agent: UA,
      target_type: 'user',
      target_id: String(sup.id),
    });

    const [failed, ...none] = await written(() => signIn('nobody@paydesk.test', 'Wrong-password-1'));
    expect(none).toEqual([]);
    expect(failed).toMatchObject({
      action: 'auth.sign_in_failed',
      actor_id: null,
      actor_email: null,
      client_ip: '203.0.113.9',
      target_type: null,
    });
    expect(failed!.changes).toEqual({ email: { to: 'nobody@paydesk.test' }, reason: { to: 'invalid_credentials' } });

    // The fifth failure in a row locks the address: that attempt is the lockout, the next a failure.
    const email = 'viewer@paydesk.test';
    const failures = await written(async () => {
      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(email, `Wrong-password-${attempt}`)).statusCode).toBe(401);
    });
    expect(failures.map((e) => e.action)).toEqual(Array(4).fill('auth.sign_in_failed'));
    const [locked, ...notMore] = await written(async () => expect((await signIn(email, 'Wrong-password-5')).statusCode).toBe(429));
    expect(notMore).toEqual([]);
    expect(locked).toMatchObject({ action: 'auth.locked_out', actor_id: null, target_type: 'user' });
    const [refused] = await written(async () => expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(429));
    expect(refused!.changes['reason']).toEqual({ to: 'locked' });

    // A refused request (validation) is no event.
    expect(await written(() => signIn('not-an-email', 'x'))).toEqual([]);

    const [signedOut, ...after] = await written(() => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: as(token) }));
    expect(after).toEqual([]);
    expect(signedOut).toMatchObject({ action: 'auth.sign_out', actor_id: sup.id, user_agent: UA });
  });

  it('user created, updated, role changed and deleted; a refused edit writes none', async () => {
    const users = usersApi(t.app, superToken);
    const email = uniqueEmail('audited');
    const [created, ...more] = await written(() =>
      users.create({ name: 'Audited Person', email, password: STRONG_PASSWORD, role: 'viewer', status: 'active' }),
    );
    expect(more).toEqual([]);
    expect(created).toMatchObject({ action: 'user.created', actor_email: 'superadmin@paydesk.test', target_type: 'user' });
    expect(created!.changes).toEqual({
      name: { to: 'Audited Person' },
      email: { to: email },
      role: { to: 'viewer' },
      status: { to: 'active' },
    });
    const user = {
      id: Number(created!.target_id),
      name: 'Audited Person',
      email,
      role: 'viewer' as const,
      status: 'active' as const,
      created_at: new Date(),
      updated_at: new Date(),
    };

    const [renamed, ...none] = await written(() =>
      users.update(user.id, { ...editOf(user, { name: 'Audited Renamed' }), password: 'Another-strong-pass-2026' }),
    );
    expect(none).toEqual([]);
    expect(renamed).toMatchObject({ action: 'user.updated', target_id: String(user.id) });
    expect(renamed!.changes).toEqual({ name: { from: 'Audited Person', to: 'Audited Renamed' }, password_changed: { to: true } });

    const [promoted, ...alone] = await written(() =>
      users.update(user.id, editOf({ ...user, name: 'Audited Renamed' }, { role: 'admin' })),
    );
    expect(alone).toEqual([]);
    expect(promoted).toMatchObject({ action: 'user.role_changed' });
    expect(promoted!.changes['role']).toEqual({ from: 'viewer', to: 'admin' });

    // Refused by validation and by the rules: nothing happened, nothing is written.
    expect(await written(() => users.create({ name: '', email: 'bad', password: 'x' }))).toEqual([]);
    expect(
      await written(() => users.create({ name: 'Twice', email, password: STRONG_PASSWORD, role: 'viewer', status: 'active' })),
    ).toEqual([]);

    const [deleted, ...rest] = await written(() => users.remove(user.id));
    expect(rest).toEqual([]);
    expect(deleted).toMatchObject({ action: 'user.deleted', target_id: String(user.id) });
    expect(deleted!.changes['email']).toEqual({ from: email });
  });

  it('card uploaded, blocked and unblocked', async () => {
    const cards = cardsApi(t.app, adminToken);
    const [uploaded, ...more] = await written(async () =>
      expect((await cards.upload(workbook([cardRow(cardNumber('4')), cardRow(cardNumber('5'))]))).statusCode).toBe(201),
    );
    expect(more).toEqual([]);
    expect(uploaded).toMatchObject({ action: 'card.uploaded', actor_email: 'admin@paydesk.test', target_type: 'card_upload' });
    expect(uploaded!.changes).toMatchObject({ rows: { to: 2 }, added: { to: 2 } });
    // A file refused whole stores nothing and writes nothing.
    expect(await written(() => cards.upload(workbook([cardRow('1234')])))).toEqual([]);

    const [card] = await t.db.query<{ id: number }>('select id from pool_cards order by id desc limit 1');
    const [blocked, ...b] = await written(() => cards.setStatus(Number(card!.id), 'blocked'));
    expect(b).toEqual([]);
    expect(blocked).toMatchObject({
      action: 'card.blocked',
      target_type: 'card',
      target_id: String(card!.id),
      changes: { status: { from: 'active', to: 'blocked' } },
    });
    const [unblocked] = await written(() => cards.setStatus(Number(card!.id), 'active'));
    expect(unblocked).toMatchObject({ action: 'card.unblocked', changes: { status: { from: 'blocked', to: 'active' } } });
    expect(await written(() => cards.setStatus(999_999_999, 'blocked'))).toEqual([]);
  });

  it('withdrawal requested, once per Idempotency-Key', async () => {
    const wallet = walletApi(t.app, adminToken);
    const [requested, ...more] = await written(async () =>
      expect((await wallet.withdraw(aWithdrawal(1.25), 'audit-key-1')).statusCode).toBe(201),
    );
    expect(more).toEqual([]);
    expect(requested).toMatchObject({
      action: 'withdrawal.requested',
      target_type: 'withdrawal',
      changes: { amount_cents: { to: 125 }, status: { to: 'pending' } },
    });
    expect(await written(() => wallet.withdraw(aWithdrawal(1.25), 'audit-key-1'))).toEqual([]);
    expect(await written(() => wallet.withdraw(aWithdrawal(10_000_000)))).toEqual([]);
  });

  it('refund issued by staff and by the merchant API', async () => {
    const transactionId = await paidPayment(t, 50);
    const [staff, ...more] = await written(async () =>
      expect((await staffRefunds(t.app, adminToken).create(transactionId, { amount: 1, reason: 'other' })).statusCode).toBe(201),
    );
    expect(more).toEqual([]);
    expect(staff).toMatchObject({
      action: 'refund.issued',
      actor_email: 'admin@paydesk.test',
      target_type: 'refund',
      changes: { transaction_id: { to: transactionId }, amount_cents: { to: 100 } },
    });
    const [api] = await written(async () =>
      expect(
        (await merchantRefunds(t.app, t.config.secretKey).create({ transaction_id: transactionId, amount: 2, reason: 'other' })).statusCode,
      ).toBe(201),
    );
    expect(api).toMatchObject({ action: 'refund.issued', actor_id: null, changes: { amount_cents: { to: 200 } } });
    expect(await written(() => staffRefunds(t.app, adminToken).create(transactionId, { amount: 1000, reason: 'other' }))).toEqual([]);
  });

  it('webhook endpoint created, updated, rolled and deleted', async () => {
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/backend/webhooks${url}`, headers: as(adminToken), ...(payload ? { payload } : {}) });
    let id = '';
    let secret = '';
    const [created] = await written(async () => {
      const response = await call('POST', '/endpoints', { url: 'https://hooks.example/audit', event_types: ['payment.succeeded'] });
      ({
        endpoint: { id },
        secret,
      } = (response.json() as { data: { endpoint: { id: string }; secret: string } }).data);
    });
    expect(created).toMatchObject({
      action: 'webhook_endpoint.created',
      target_id: id,
      changes: { url: { to: 'https://hooks.example/audit' }, enabled: { to: true } },
    });
    const [updated] = await written(() => call('PATCH', `/endpoints/${id}`, { enabled: false }));
    expect(updated).toMatchObject({ action: 'webhook_endpoint.updated', changes: { enabled: { from: true, to: false } } });
    const rolled = await written(() => call('POST', `/endpoints/${id}/roll-secret`, { grace_hours: 1 }));
    expect(rolled.map((e) => e.action)).toEqual(['webhook_endpoint.rolled']);
    const deleted = await written(() => call('DELETE', `/endpoints/${id}`));
    expect(deleted.map((e) => e.action)).toEqual(['webhook_endpoint.deleted']);
    expect(await written(() => call('DELETE', `/endpoints/${id}`))).toEqual([]);
    expect(JSON.stringify(await entriesAfter(0))).not.toContain(secret);
  });

  it('API key created, rolled and revoked; a refused revoke writes none', async () => {
    const call = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/backend/api-keys${url}`, headers: as(adminToken), ...(payload ? { payload } : {}) });
    const secrets: string[] = [];
    let id = '';
    const [created] = await written(async () => {
      const { data } = (await call('', { name: 'Audit key', kind: 'secret' })).json() as {
        data: { key: { id: string; prefix: string }; secret: string };
      };
      ({ id } = data.key);
      secrets.push(data.secret);
    });
    expect(created).toMatchObject({
      action: 'api_key.created',
      target_type: 'api_key',
      target_id: id,
      actor_email: 'admin@paydesk.test',
      changes: { name: { to: 'Audit key' }, kind: { to: 'secret' } },
    });
    const [rolled, ...none] = await written(async () => {
      secrets.push(((await call(`/${id}/roll`, { grace_hours: 0 })).json() as { data: { secret: string } }).data.secret);
    });
    expect(none).toEqual([]);
    expect(rolled).toMatchObject({ action: 'api_key.rolled', target_id: id, changes: { grace_hours: { to: 0 } } });
    const next = (
      (await t.app.inject({ method: 'GET', url: '/api/backend/api-keys', headers: as(adminToken) })).json() as {
        data: { id: string; name: string; status: string }[];
      }
    ).data.find((key) => key.name === 'Audit key' && key.status === 'active')!;
    const revoked = await written(() => call(`/${next.id}/revoke`));
    expect(revoked.map((e) => [e.action, e.target_id])).toEqual([['api_key.revoked', next.id]]);
    // The demo secret key is the last lasting one of its kind: refused, and nothing written.
    const demo = (
      (await t.app.inject({ method: 'GET', url: '/api/backend/api-keys', headers: as(adminToken) })).json() as {
        data: { id: string; kind: string; status: string }[];
      }
    ).data.filter((key) => key.kind === 'secret' && key.status === 'active');
    expect(demo).toHaveLength(1);
    expect(await written(async () => expect((await call(`/${demo[0]!.id}/revoke`)).statusCode).toBe(409))).toEqual([]);
    const trail = JSON.stringify(await entriesAfter(0));
    for (const secret of secrets) expect(trail).not.toContain(secret);
  });
});

describe('two-factor sign-in in the trail', () => {
  it('enabled, a wrong code, a sign-in with a code, and a reset by a super_admin', async () => {
    const user = await addUser(t.db, 'admin');
    let secret = '';
    const enabled = await written(async () => ({ secret } = await enrol(t.app, user.email)));
    expect(enabled.map((e) => [e.action, e.actor_email, e.target_id])).toEqual([
      ['auth.sign_in', user.email, String(user.id)],
      ['two_factor.enabled', user.email, String(user.id)],
    ]);
    const [wrong, ...noMore] = await written(async () => {
      expect((await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, wrongCodeFor(secret))).statusCode).toBe(401);
    });
    expect(noMore).toEqual([]);
    expect(wrong).toMatchObject({
      action: 'auth.sign_in_failed',
      target_id: String(user.id),
      changes: { email: { to: user.email }, reason: { to: 'invalid_code' } },
    });
    const signedIn = await written(async () => {
      expect((await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, codeFor(secret, 1))).statusCode).toBe(200);
    });
    expect(signedIn.map((e) => [e.action, e.actor_email])).toEqual([['auth.sign_in', user.email]]);
    const reset = await written(() =>
      t.app.inject({ method: 'DELETE', url: `/api/backend/users/${user.id}/two-factor`, headers: as(superToken) }),
    );
    expect(reset.map((e) => [e.action, e.actor_email, e.target_id])).toEqual([
      ['two_factor.reset', 'superadmin@paydesk.test', String(user.id)],
    ]);
    expect(JSON.stringify(await entriesAfter(0))).not.toContain(secret);
  });
});

describe('an entry commits or rolls back with its action', () => {
  // The trail refuses one action for a moment: the action itself must then not have happened.
  const refusing = async (action: string, act: () => Promise<void>) => {
    await t.db.query(`alter table audit_log add constraint audit_test_refuses check (action <> '${action}') not valid`);
    try {
      await act();
    } finally {
      await t.db.query('alter table audit_log drop constraint audit_test_refuses');
    }
  };

  it('a user is not created when its entry cannot be written', async () => {
    const email = uniqueEmail('rolled-back');
    await refusing('user.created', async () => {
      const response = await usersApi(t.app, superToken).create({
        name: 'Rolled Back',
        email,
        password: STRONG_PASSWORD,
        role: 'viewer',
        status: 'active',
      });
      expect(response.statusCode).toBe(500);
    });
    expect(await t.db.query('select id from users where email = $1', [email])).toEqual([]);
  });

  it('a card keeps its status and a sign-in makes no session when their entries cannot be written', async () => {
    const [card] = await t.db.query<{ id: number; status: string }>(
      `select id, status from pool_cards where status = 'active' order by id limit 1`,
    );
    await refusing('card.blocked', async () => {
      expect((await cardsApi(t.app, adminToken).setStatus(Number(card!.id), 'blocked')).statusCode).toBe(500);
    });
    expect((await t.db.query<{ status: string }>('select status from pool_cards where id = $1', [card!.id]))[0]!.status).toBe('active');
    const sessions = async () => Number((await t.db.query<{ n: string }>('select count(*) as n from sessions'))[0]!.n);
    const before = await sessions();
    await refusing('auth.sign_in', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@paydesk.test', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(500);
    });
    expect(await sessions()).toBe(before);
  });
});

describe('what an entry may hold', () => {
  it("keeps only the fields on its action's allow-list, as plain values", async () => {
    const who = { actor: null, clientIp: null, userAgent: null };
    const before = await lastId();
    await recordAudit(t.db, {
      action: 'user.updated',
      who,
      changes: {
        name: { from: 'A', to: 'B' },
        password: { to: 'hunter2-secret' },
        password_hash: { to: '$argon2id$x' },
        status: { to: { nested: 'object' } as never },
      },
    });
    const [entry] = await entriesAfter(before);
    expect(entry!.changes).toEqual({ name: { from: 'A', to: 'B' } });
  });

  it('holds no password, hash, secret or card number anywhere in the trail', async () => {
    const text = JSON.stringify(await t.db.query('select * from audit_log'));
    for (const secret of [TEST_PASSWORD, STRONG_PASSWORD, 'Another-strong-pass-2026', t.config.secretKey, '$argon2', 'whsec_'])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\b\d{13,19}\b/);
  });
});

describe('append-only and chained', () => {
  it('refuses updates, deletes and truncation, and moving the head', async () => {
    await expect(t.db.query(`update audit_log set action = 'auth.sign_in' where id = 1`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from audit_log where id = 1')).rejects.toThrow(/append-only/);
    await expect(t.db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('update audit_chain_head set last_id = 1')).rejects.toThrow(/moves only/);
    await expect(t.db.query('delete from audit_chain_head')).rejects.toThrow(/moves only/);
  });

  it('chains every entry to the one before, ids without gaps', async () => {
    const check = await verifyAuditChain(t.db, { key: auditKeyOf(t.config), batch: 7 });
    expect(check).toMatchObject({ intact: true, entries: await lastId() });
  });

  it('numbers entries in commit order under concurrent writers in one process', async () => {
    const before = await lastId();
    const who = { actor: null, clientIp: '198.51.100.1', userAgent: null };
    await Promise.all(Array.from({ length: 20 }, () => t.db.transaction((tx) => recordAudit(tx, { action: 'auth.sign_out', who }))));
    expect(await lastId()).toBe(before + 20);
    expect((await verifyAuditChain(t.db, { key: auditKeyOf(t.config) })).intact).toBe(true);
  });
});

describe('GET /api/backend/audit and its CSV', () => {
  const list = (query: string, token = superToken) => t.app.inject({ url: `/api/backend/audit${query}`, headers: bearer(token) });
  const page = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json() as { data: AuditEntry[]; next_before: number | null };
  };

  it('refuses admin and viewer (403) and anonymous callers (401)', async () => {
    expect((await list('', adminToken)).statusCode).toBe(403);
    expect((await list('', viewerToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backend/audit/export.csv', headers: bearer(adminToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backend/audit/export.csv', headers: bearer(viewerToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backend/audit' })).statusCode).toBe(401);
  });

  it('pages newest first by keyset, without repeats or holes', async () => {
    const total = await lastId();
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const result: { data: AuditEntry[]; next_before: number | null } = await page(`?limit=25${before ? `&before=${before}` : ''}`);
      seen.push(...result.data.map((e) => e.id));
      before = result.next_before;
    } while (before !== null);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - i));
  });

  it('filters by action, actor and time range', async () => {
    const byAction = await page('?action=user.created');
    expect(byAction.data.length).toBeGreaterThan(0);
    expect(byAction.data.every((e) => e.action === 'user.created')).toBe(true);
    const byActor = await page('?actor=ADMIN@paydesk.test&limit=100');
    expect(byActor.data.length).toBeGreaterThan(0);
    expect(byActor.data.every((e) => e.actor?.email === 'admin@paydesk.test')).toBe(true);

    const all = await page('?limit=100');
    const middle = all.data[Math.floor(all.data.length / 2)]!;
    const newer = await page(`?from=${encodeURIComponent(middle.occurred_at)}&limit=100`);
    expect(newer.data.every((e) => e.occurred_at >= middle.occurred_at)).toBe(true);
    expect(newer.data.map((e) => e.id)).toContain(middle.id);
    const older = await page(`?to=${encodeURIComponent(middle.occurred_at)}&limit=100`);
    expect(older.data.every((e) => e.occurred_at <= middle.occurred_at)).toBe(true);
    expect((await page(`?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`)).data).toEqual([]);
    expect((await list('?action=user.exploded')).statusCode).toBe(400);
    expect((await list('?limit=7')).statusCode).toBe(400);
  });

  it('exports every filtered entry as CSV', async () => {
    const response = await t.app.inject({ url: '/api/backend/audit/export.csv?action=user.created', headers: bearer(superToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Time,Actor ID,Actor Email,Action,Client Address,User Agent,Target Type,Target ID,Changes');
    const created = await t.db.query('select id from audit_log where action = $1', ['user.created']);
    expect(lines).toHaveLength(created.length + 1);
    expect(lines.slice(1).every((line) => line.includes(',user.created,'))).toBe(true);
  });
});
