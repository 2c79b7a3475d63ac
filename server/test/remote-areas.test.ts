import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed-demo';
import { integrityOf } from '../src/platform/release-gate';
import { buildTestApp, openSeededTestDb, openTestDb, TEST_PASSWORD, type TestApp, type TestDb } from './helper';

/**
 * The back-office areas come from the remotes: each build publishes areas.json beside its
 * mf-manifest.json, and /remotes.json hands the shell the areas of the live remotes, checked
 * against the server's permissions, the other remotes' pages and the modules each exposes.
 */
const cards = { path: 'cards', label: 'Cards', icon: 'credit_card', permission: 'cards.view', module: 'CardsPage', order: 50 };

/** A remote's build as `npm run build` leaves it: its entry, mf-manifest.json and areas.json. */
function writeRemote(frontends: string, dir: string, exposes: string[], areas: unknown): void {
  const dist = join(frontends, dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'remoteEntry.js'), 'void 0;');
  writeFileSync(
    join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' } }, exposes: exposes.map((name) => ({ name, path: `./${name}` })) }),
  );
  writeFileSync(join(dist, 'areas.json'), typeof areas === 'string' ? areas : JSON.stringify(areas));
}

let frontends: string;
let t: TestApp | undefined;
// Apps that differ in their front ends only: one database for all.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await openSeededTestDb({ transactions: 0 });
});
afterAll(() => testDb.dispose());
const app = (env: Record<string, string>) => buildTestApp({ FRONTENDS_DIR: frontends, ...env }, { db: testDb.db });
beforeEach(() => {
  frontends = mkdtempSync(join(tmpdir(), 'paydesk-areas-'));
  mkdirSync(join(frontends, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(frontends, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(frontends, { recursive: true, force: true });
});

const remotesJson = async (app: TestApp['app']) =>
  (await app.inject({ url: '/remotes.json' })).json() as { remotes: { name: string; areas: { path: string }[] }[] };
const areasOf = async (app: TestApp['app']) => (await remotesJson(app)).remotes.map(({ name, areas }) => [name, areas.map((a) => a.path)]);
const status = async (app: TestApp['app'], url: string) => (await app.inject({ url })).statusCode;

test("lists each built remote's areas, and their pages are the shell's, not 404s", async () => {
  writeRemote(frontends, 'mf-cards', ['CardsPage', 'CardPage'], {
    areas: [cards, { path: 'cards/:id', permission: 'cards.view', module: 'CardPage' }],
  });
  writeRemote(frontends, 'mf-wallet', ['ReportsPage'], {
    areas: [{ path: 'wallet-reports', label: 'Reports', permission: 'wallet.view', module: 'ReportsPage' }],
  });
  t = await app({});
  expect((await remotesJson(t.app)).remotes.find(({ name }) => name === 'mf_cards')?.areas[0]).toEqual(cards);
  expect(await areasOf(t.app)).toEqual([
    ['mf_cards', ['cards', 'cards/:id']],
    ['mf_wallet', ['wallet-reports']],
  ]);
  expect(await status(t.app, '/control/wallet-reports')).toBe(200);
  expect(await status(t.app, '/control/cards/42')).toBe(200);
  expect(await status(t.app, '/control/no-such-area')).toBe(404);
});

const withdrawals = { path: 'withdrawals', label: 'Withdrawals', permission: 'wallet.view', module: 'WithdrawalsPage' };

test.each([
  [
    'a permission the server does not know',
    ['CardsPage'],
    [{ ...cards, permission: 'cards.everything' }],
    'mf_cards 1.0.0: area cards: the permission cards.everything is not one the server knows',
  ],
  [
    'a module it does not expose',
    ['CardsPage'],
    [{ ...cards, module: 'MissingPage' }],
    'mf_cards 1.0.0: area cards: mf_cards does not expose MissingPage',
  ],
  ['an address outside /control', ['CardsPage'], [{ ...cards, path: '../api/x' }], 'mf_cards 1.0.0: mf_cards areas.json: areas[0].path'],
  ['an areas.json that is not JSON', ['CardsPage'], undefined, 'mf_cards 1.0.0: areas.json is not JSON'],
])('refuses the areas of a remote that names %s, saying why once in the log; the others stay', async (_case, exposes, areas, why) => {
  writeRemote(frontends, 'mf-cards', exposes, areas ? { areas } : '{"areas": [');
  writeRemote(frontends, 'mf-wallet', ['WithdrawalsPage'], { areas: [withdrawals] });
  t = await app({});
  expect(await areasOf(t.app)).toEqual([
    ['mf_cards', []],
    ['mf_wallet', ['withdrawals']],
  ]);
  await remotesJson(t.app);
  const warnings = t.logs.lines.filter((line) => line.msg === 'remote areas refused');
  expect(warnings.map((line) => String(line.problem).slice(0, why.length))).toEqual([why]);
});

test("a page address is the first remote's: a later remote that declares it too goes without its areas", async () => {
  writeRemote(frontends, 'mf-cards', ['CardsPage', 'PayoutsPage'], { areas: [cards, { ...withdrawals, module: 'PayoutsPage' }] });
  writeRemote(frontends, 'mf-wallet', ['WithdrawalsPage'], { areas: [withdrawals] });
  t = await app({});
  expect(await areasOf(t.app)).toEqual([
    ['mf_cards', ['cards', 'withdrawals']],
    ['mf_wallet', []],
  ]);
  expect(t.logs.lines.find((line) => line.msg === 'remote areas refused')?.problem).toBe(
    "mf_wallet 1.0.0: area withdrawals: the page address is mf_cards's",
  );
});

test('an operator manifest (REMOTES_MANIFEST) brings a new area at the next request, without a restart', async () => {
  const manifest = join(frontends, 'remotes.json');
  const remote = { name: 'mf_cards', entry: 'https://cdn.example.com/cards/remoteEntry.js', version: '2.0.0' };
  writeFileSync(manifest, JSON.stringify({ remotes: [remote] }));
  t = await app({ REMOTES_MANIFEST: manifest });
  expect(await status(t.app, '/control/card-reports')).toBe(404);
  const reports = { path: 'card-reports', label: 'Card reports', permission: 'cards.view', module: 'ReportsPage' };
  writeFileSync(manifest, JSON.stringify({ remotes: [{ ...remote, areas: [reports] }] }));
  expect(await areasOf(t.app)).toEqual([['mf_cards', ['card-reports']]]);
  expect(await status(t.app, '/control/card-reports')).toBe(200);
});

test("an operator manifest's entry of a local build, given without areas, has that build's", async () => {
  writeRemote(frontends, 'mf-cards', ['CardsPage'], { areas: [cards] });
  const manifest = join(frontends, 'remotes.json');
  writeFileSync(manifest, JSON.stringify({ remotes: [{ name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '1.0.0' }] }));
  t = await app({ REMOTES_MANIFEST: manifest });
  expect(await areasOf(t.app)).toEqual([['mf_cards', ['cards']]]);
});

test('an operator manifest that cannot be read fails /remotes.json, and pages keep their answers', async () => {
  const manifest = join(frontends, 'remotes.json');
  writeFileSync(manifest, '{"remotes": [');
  t = await app({ REMOTES_MANIFEST: manifest });
  expect(await status(t.app, '/control/dashboard')).toBe(200);
  expect(await status(t.app, '/control/no-such-area')).toBe(404);
});

test('the demo data releases each built remote as 1.0.0, which /remotes.json serves as its build is now, without integrity', async () => {
  writeRemote(frontends, 'mf-cards', ['CardsPage'], { areas: [cards] });
  const seeded = await openTestDb();
  try {
    await migrate(seeded.db);
    await seedDemo(seeded.db, { password: TEST_PASSWORD, transactions: 0, frontendsDir: frontends });
    expect(
      await seeded.db.query(
        `select r.remote, r.version, r.status, r.entry, r.integrity, r.areas, u.email from remote_releases r join users u on u.id = r.released_by`,
      ),
    ).toEqual([
      {
        remote: 'mf_cards',
        version: '1.0.0',
        status: 'live',
        entry: '/remotes/mf-cards/remoteEntry.js',
        integrity: integrityOf(Buffer.from('void 0;')),
        areas: [cards],
        email: 'superadmin@paydesk.test',
      },
    ]);
    // Rebuilt locally with a new page and other bytes: served as built, not refused by a stale hash.
    const card = { path: 'cards/:id', permission: 'cards.view', module: 'CardPage' };
    writeRemote(frontends, 'mf-cards', ['CardsPage', 'CardPage'], { areas: [cards, card] });
    writeFileSync(join(frontends, 'mf-cards', 'dist', 'remoteEntry.js'), 'void 1;');
    t = await buildTestApp({ FRONTENDS_DIR: frontends }, { db: seeded.db });
    expect((await t.app.inject({ url: '/remotes.json' })).json()).toEqual({
      remotes: [{ name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '1.0.0', areas: [cards, card] }],
    });
  } finally {
    await t?.close();
    t = undefined;
    await seeded.dispose();
  }
});
