import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { buildTestApp, login, type TestApp } from './helper';
import { cardFingerprint } from '../src/cards/card-fingerprint';
import { cardNumber, cardRow, cardsApi, futureYear, manyCardRows, workbook } from './cards-fixtures';

let t: TestApp;
let admin: ReturnType<typeof cardsApi>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = cardsApi(t.app, await login(t.app, 'admin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const ROWS = 60_000;
const poolSize = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from pool_cards'))[0]!.n;

/**
 * Until `work` ends, calls /readyz (one database statement) one call after the other, and reads
 * the pool's size every 100 ms beside it: the longest time without an answer of /readyz (a
 * request waiting for the database or for the event loop both show there), how long the work
 * took, and every pool size seen meanwhile.
 */
async function probeDuring<T>(work: Promise<T>) {
  let finished = false;
  let longestGapMs = 0;
  let last = performance.now();
  const sizes = new Set<number>();
  const ready = async () => {
    while (!finished) {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      if (response.statusCode !== 200) throw new Error(`/readyz answered ${response.statusCode}`);
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      // As calls over a socket would, let the event loop turn between them.
      await setImmediate();
    }
  };
  const size = async () => {
    while (!finished) {
      sizes.add((await admin.list({ per_page: 10 })).body.total);
      await sleep(100);
    }
  };
  const probes = Promise.all([ready(), size()]);
  const started = performance.now();
  try {
    await work;
  } finally {
    // Since the last answer: a loop that could not even send its next call waited too.
    longestGapMs = Math.max(longestGapMs, performance.now() - last);
    finished = true;
    await probes;
  }
  const workMs = performance.now() - started;
  return { result: await work, longestGapMs, workMs, sizes };
}

describe('a large card upload', () => {
  it('keeps answering other requests while it stores its rows, and shows them all at once', async () => {
    const file = workbook(manyCardRows(ROWS));
    const before = (await admin.list()).body.total;
    const { result, longestGapMs, workMs, sizes } = await probeDuring(admin.upload(file));
    expect(result.statusCode).toBe(201);
    expect(result.body.data).toMatchObject({ rows: ROWS, added: ROWS, already_in_pool: 0, rejected_count: 0 });
    // Stored in one transaction, 60,000 rows held every other statement for most of the upload on
    // PGlite (one connection inside the server's process); in small statements a request waits
    // for one. Against the upload's own length, so that a slow machine is not a failure.
    expect(longestGapMs).toBeLessThan(workMs / 4);
    // All or none: the list never showed part of the file.
    expect([...sizes].every((total) => total === before || total === before + ROWS)).toBe(true);
    expect((await admin.list()).body.total).toBe(before + ROWS);
  }, 120_000);

  it('counts a card in two files uploaded at once as added by one and already in the pool for the other', async () => {
    const shared = manyCardRows(6_000);
    const [own, others] = [manyCardRows(1_000), manyCardRows(1_000)];
    const before = await poolSize();
    const [one, two] = await Promise.all([admin.upload(workbook([...shared, ...own])), admin.upload(workbook([...others, ...shared]))]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.body.data!.added + two.body.data!.added).toBe(8_000);
    expect(one.body.data!.already_in_pool + two.body.data!.already_in_pool).toBe(6_000);
    expect(await poolSize()).toBe(before + 8_000);
  }, 120_000);

  it('waits while another upload stores, then stores its own', async () => {
    const [holder] = await t.db.query<{ id: number }>('insert into card_uploads default values returning id');
    let answered = false;
    const upload = admin.upload(workbook([cardRow(cardNumber('4'))])).finally(() => (answered = true));
    await sleep(1_000);
    expect(answered).toBe(false);
    await t.db.query(`update card_uploads set state = 'stored' where id = $1`, [holder!.id]);
    expect((await upload).body.data).toMatchObject({ added: 1 });
  });

  it('takes over from an upload whose process died: its rows stay out of the pool, then are deleted', async () => {
    const number = cardNumber('4');
    // An upload that stopped renewing its turn two minutes ago, one of its cards stored.
    const [dead] = await t.db.query<{ id: number }>(
      `insert into card_uploads (renewed_at) values (now() - interval '2 minutes') returning id`,
    );
    await t.db.query(
      `insert into pool_card_rows (upload_id, fingerprint, sealed, first_six, last_four, number_length, card_brand, expiry_month, expiry_year)
       values ($1, $2, 'v1.a.b.c', $3, $4, 16, 'Visa', 12, $5)`,
      [dead!.id, cardFingerprint(t.config.fingerprintKey, number), number.slice(0, 6), number.slice(-4), futureYear()],
    );
    expect((await admin.search({ search: number })).body.total).toBe(0);
    const { statusCode, body } = await admin.upload(workbook([cardRow(number)]));
    expect(statusCode).toBe(201);
    expect(body.data).toMatchObject({ added: 1, already_in_pool: 0 });
    expect((await admin.search({ search: number })).body.total).toBe(1);
    expect(await t.db.query('select id from pool_card_rows where upload_id = $1', [dead!.id])).toEqual([]);
  });
});
