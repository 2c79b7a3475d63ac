import { randomUUID } from 'node:crypto';
import { revokeUserSessions } from '../src/auth/sessions-repository';
import { createTokenService } from '../src/auth/token-service';
import { findUserByEmail } from '../src/users/users-repository';
import { bearer, buildTestApp, login, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Tiny routes for this test only: one permission a viewer lacks, one any signed-in user has.
  t.app.get('/api/test/manage-users', { preHandler: t.app.authorize('users.manage') }, async () => ({ ok: true }));
  t.app.get('/api/test/transactions', { preHandler: t.app.authorize('transactions.view') }, async () => ({ ok: true }));
}, 60_000);
afterAll(() => t?.close());

const me = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/auth/me', headers });
const unauthorized = { status: 'error', message: 'Unauthorized', code: 'unauthorized' };

async function sessionOf(token: string): Promise<{ userId: number; sessionId: string }> {
  const claims = await t.app.tokens.verify(token);
  if (!claims) throw new Error('token does not verify');
  return claims;
}

describe('GET /api/auth/me', () => {
  it("returns the signed-in user, their role's name and permissions", async () => {
    const token = await login(t.app, 'viewer@paydesk.test');
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      data: {
        id: expect.any(Number),
        name: 'Vic Viewer',
        role: 'viewer',
        role_name: 'Viewer',
        // PERM-09: what the role holds, sorted.
        permissions: ['cards.view', 'dashboard.view', 'disputes.view', 'settings.view', 'transactions.view'],
        email: 'viewer@paydesk.test',
        payment_processor: { name: 'sandbox', sandbox: true },
        mode: 'production',
      },
    });
  });

  it.each([
    ['no token', {}],
    ['a garbage token', bearer('abc.def.ghi')],
    ['a malformed header', { authorization: 'Token whatever' }],
  ])('answers 401 with %s', async (_case, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('answers 401 for a token signed with another key, even for a live session', async () => {
    const claims = await sessionOf(await login(t.app, 'admin@paydesk.test'));
    const forged = await createTokenService('another-secret-another-secret-another-secret').sign(claims, new Date(Date.now() + 3_600_000));
    expect((await me(bearer(forged))).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const claims = await sessionOf(await login(t.app, 'admin@paydesk.test'));
    const expired = await t.app.tokens.sign(claims, new Date(Date.now() - 60_000));
    expect((await me(bearer(expired))).statusCode).toBe(401);
  });

  it('answers 401 for a well-signed token whose session does not exist', async () => {
    const admin = await findUserByEmail(t.db, 'admin@paydesk.test');
    const token = await t.app.tokens.sign({ userId: admin!.id, sessionId: randomUUID() }, new Date(Date.now() + 3_600_000));
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('answers 401 once the session is idle too long or past its absolute lifetime', async () => {
    const idle = await login(t.app, 'admin@paydesk.test');
    await t.db.query('update sessions set last_seen_at = now() - make_interval(mins => $2) where id = $1', [
      (await sessionOf(idle)).sessionId,
      t.config.sessionIdleMinutes + 1,
    ]);
    expect((await me(bearer(idle))).statusCode).toBe(401);

    const old = await login(t.app, 'admin@paydesk.test');
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where id = $1", [(await sessionOf(old)).sessionId]);
    expect((await me(bearer(old))).statusCode).toBe(401);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const token = await login(t.app, 'admin@paydesk.test');
    const { sessionId } = await sessionOf(token);
    const seen = async () =>
      (await t.db.query<{ at: Date }>('select last_seen_at as at from sessions where id = $1', [sessionId]))[0]!.at.getTime();
    const first = await seen();
    await me(bearer(token));
    expect(await seen()).toBe(first);
    await t.db.query("update sessions set last_seen_at = now() - interval '5 minutes' where id = $1", [sessionId]);
    const stale = await seen();
    await me(bearer(token));
    expect(await seen()).toBeGreaterThan(stale);
  });
});

describe('sign out and revocation', () => {
  it('POST /api/auth/logout revokes the session at once', async () => {
    const token = await login(t.app, 'admin@paydesk.test');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success', message: expect.any(String) });
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('revokeUserSessions ends every session of that user and no other', async () => {
    const first = await login(t.app, 'superadmin@paydesk.test');
    const second = await login(t.app, 'superadmin@paydesk.test');
    const other = await login(t.app, 'viewer@paydesk.test');
    const { userId } = await sessionOf(first);
    expect(await revokeUserSessions(t.db, userId)).toBeGreaterThanOrEqual(2);
    expect((await me(bearer(first))).statusCode).toBe(401);
    expect((await me(bearer(second))).statusCode).toBe(401);
    expect((await me(bearer(other))).statusCode).toBe(200);
  });
});

describe('app.authorize(permission)', () => {
  it('answers 403 Forbidden when the role lacks the permission', async () => {
    const viewer = await login(t.app, 'viewer@paydesk.test');
    const response = await t.app.inject({ url: '/api/test/manage-users', headers: bearer(viewer) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'error', message: 'Forbidden', code: 'forbidden' });
    expect((await t.app.inject({ url: '/api/test/transactions', headers: bearer(viewer) })).statusCode).toBe(200);
  });

  it('lets a role with the permission through, and answers 401 before 403 without a token', async () => {
    const admin = await login(t.app, 'admin@paydesk.test');
    expect((await t.app.inject({ url: '/api/test/manage-users', headers: bearer(admin) })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: '/api/test/manage-users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(unauthorized);
  });
});
