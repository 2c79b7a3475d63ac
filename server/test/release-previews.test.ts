import { SignJWT } from 'jose';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { publishRemote, type PublishedRemote } from './published-remote';
import { registryClient } from './registry-client';

/**
 * Previews: a super_admin loads a release that is not live in their own browser only, by a signed
 * cookie bound to their session that names a registered release; nobody else, no other session
 * and no forged cookie sees it.
 */
let t: TestApp;
let superAdmin: Record<string, string>;
let live: PublishedRemote;
// The release to preview, on an origin of its own.
let next: PublishedRemote;
let registry: ReturnType<typeof registryClient>;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
  registry = registryClient(t, superAdmin);
  [live, next] = await Promise.all([publishRemote({ name: 'mf_tried', areas: [] }), publishRemote({ name: 'mf_tried', areas: [] })]);
  expect((await registry.release('1.0.0', live.url, 'mf_tried')).statusCode).toBe(201);
  expect((await registry.release('2.0.0', next.url, 'mf_tried')).statusCode).toBe(201);
  await registry.post('/mf_tried/releases/1.0.0/promote');
});
afterAll(async () => {
  await live.close();
  await next.close();
  await t.close();
});

const startPreview = (version: string, headers = superAdmin) => registry.post(`/mf_tried/releases/${version}/preview`, undefined, headers);
const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']).split(';')[0]!;
/** What /remotes.json gives these headers: mf_tried's version, and the preview it names. */
const manifestFor = async (headers: Record<string, string>) => {
  const body = (await t.app.inject({ url: '/remotes.json', headers })).json() as {
    remotes: { name: string; version: string }[];
    preview?: { remote: string; version: string; expires_at: string };
  };
  return { version: body.remotes.find(({ name }) => name === 'mf_tried')?.version, preview: body.preview };
};

test('a super_admin previews a release in their session only, with a banner to show, until it expires', async () => {
  const started = await startPreview('2.0.0');
  expect(started.statusCode).toBe(200);
  const { data } = started.json() as { data: { remote: string; version: string; expires_at: string } };
  expect(data).toMatchObject({ remote: 'mf_tried', version: '2.0.0' });
  const minutes = (Date.parse(data.expires_at) - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(59.9);
  expect(minutes).toBeLessThanOrEqual(60);
  expect(String(started.headers['set-cookie'])).toMatch(/^paydesk_preview=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Strict$/);
  const cookie = cookieOf(started);

  expect(await manifestFor({ ...superAdmin, cookie })).toEqual({ version: '2.0.0', preview: data });
  // The cookie alone (a payer page, a copied cookie), or another session of the same person: the live release.
  expect(await manifestFor({ cookie })).toEqual({ version: '1.0.0', preview: undefined });
  const otherSession = bearer(await login(t.app, 'superadmin@paydesk.test'));
  expect(await manifestFor({ ...otherSession, cookie })).toEqual({ version: '1.0.0', preview: undefined });
  // Another user's session, even one that may not manage the platform.
  const admin = bearer(await login(t.app, 'admin@paydesk.test'));
  expect(await manifestFor({ ...admin, cookie })).toEqual({ version: '1.0.0', preview: undefined });

  const [audit] = await t.db.query<{ changes: Record<string, { to?: unknown }> }>(
    `select changes from audit_log where action = 'remote.previewed' and target_id = 'mf_tried@2.0.0'`,
  );
  expect(audit?.changes.version?.to).toBe('2.0.0');
});

test('a forged or expired cookie, or one naming an unregistered release, previews nothing', async () => {
  // The claims of a real preview of this session, signed again with one thing changed.
  const given = cookieOf(await startPreview('2.0.0'));
  const { sub, sid } = JSON.parse(Buffer.from(given.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  const sign = (changed: Record<string, unknown>, expiresIn: string | number, secret = t.app.config.authSecret) =>
    new SignJWT({ remote: 'mf_tried', version: '2.0.0', sid, ...changed })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('paydesk')
      .setAudience('paydesk-preview')
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(secret));

  // Rightly signed, they preview: each case below differs in one thing.
  expect((await manifestFor({ ...superAdmin, cookie: `paydesk_preview=${await sign({}, '5m')}` })).version).toBe('2.0.0');
  const refused = [
    await sign({}, Math.floor(Date.now() / 1000) - 10),
    await sign({}, '5m', 'another secret of at least thirty-two characters'),
    await sign({ version: '9.9.9' }, '5m'),
    await sign({ version: '1.0.0' }, '5m'),
  ];
  for (const token of refused)
    expect(await manifestFor({ ...superAdmin, cookie: `paydesk_preview=${token}` })).toEqual({ version: '1.0.0', preview: undefined });
  // A session token is not a preview (another audience).
  expect((await manifestFor({ ...superAdmin, cookie: `paydesk_preview=${superAdmin.authorization!.slice(7)}` })).version).toBe('1.0.0');
});

test('only a release not yet live is previewed, only by whoever may manage the platform', async () => {
  expect((await startPreview('1.0.0')).json()).toMatchObject({ code: 'release_live' });
  expect((await startPreview('1.0.0')).statusCode).toBe(409);
  expect((await startPreview('7.0.0')).statusCode).toBe(404);
  expect((await startPreview('2.0.0', bearer(await login(t.app, 'admin@paydesk.test')))).statusCode).toBe(403);
  expect((await startPreview('2.0.0', {})).statusCode).toBe(401);
});

test('ending a preview clears its cookie, without sign-in', async () => {
  const ended = await t.app.inject({ method: 'DELETE', url: '/api/platform/preview' });
  expect(ended.statusCode).toBe(204);
  expect(String(ended.headers['set-cookie'])).toMatch(
    /^paydesk_preview=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/,
  );
});

test("a page of a browser that previews allows its release's origin to run scripts; no other page does", async () => {
  const cookie = cookieOf(await startPreview('2.0.0'));
  const scriptOrigins = async (headers: Record<string, string>) =>
    /script-src ([^;]*)/.exec(String((await t.app.inject({ url: '/control/dashboard', headers })).headers['content-security-policy']))?.[1];
  const origin = new URL(next.url).origin;
  expect(await scriptOrigins({ cookie })).toContain(origin);
  expect(await scriptOrigins({})).not.toContain(origin);
  expect(await scriptOrigins({ cookie: `paydesk_preview=${cookie.split('=')[1]!.slice(0, -2)}xx` })).not.toContain(origin);
});
