import type { Db } from '../src/db/db';
import { buildTestApp, testDbKind, type TestApp } from './helper';

/** Readiness answers within seconds when the database does not; liveness stays up meanwhile. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

/** Transactions that take every connection (PostgreSQL: the test pool's four) or PGlite's one turn, until released. */
async function holdTheDatabase(db: Db) {
  let release!: () => void;
  const released = new Promise<void>((done) => {
    release = done;
  });
  const holders = testDbKind === 'postgres' ? 4 : 1;
  let held = 0;
  let allHeld!: () => void;
  const holding = new Promise<void>((done) => {
    allHeld = done;
  });
  const finished = Promise.all(
    Array.from({ length: holders }, () =>
      db.transaction(async (tx) => {
        await tx.query('select 1');
        held += 1;
        if (held === holders) allHeld();
        await released;
      }),
    ),
  );
  await holding;
  return { release, finished };
}

it('/readyz answers 503 while the database cannot answer, and 200 again after; /healthz stays 200', async () => {
  expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  const hold = await holdTheDatabase(t.db);
  // Released whatever happens: a readiness probe that waited for the database would answer 200 only then.
  const safety = setTimeout(hold.release, 20_000);
  try {
    const ready = await t.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { status: 'error', message: 'Database unavailable', code: 'service_unavailable' },
    ]);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  } finally {
    clearTimeout(safety);
    hold.release();
    await hold.finished;
  }
  expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
});
