import type { Db } from '../src/db/db';
import { postgresAttemptCounter } from '../src/security/postgres-attempt-counter';
import { useRecordingTestDb } from './helper';

/**
 * The database's attempt counters count attempts that arrive together in one upsert, and still
 * give every attempt its own exact count.
 */
const testDb = useRecordingTestDb();
beforeEach(async () => {
  await testDb.db.query('delete from attempt_counters');
});

it('gives 20 attempts on one key that arrive together the counts 1 to 20, in two upserts', async () => {
  const counter = postgresAttemptCounter(testDb.recording);
  const counts = await Promise.all(Array.from({ length: 20 }, () => counter.hit('rate:together', 60_000)));
  expect(counts.map((attempts) => attempts.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  for (const { ttlMs } of counts) expect(ttlMs).toBeGreaterThan(55_000);
  // The first goes at once; the other 19 wait for it and go together.
  expect(testDb.statements).toHaveLength(2);
  expect(await counter.read('rate:together')).toEqual({ count: 20, ttlMs: expect.any(Number) });
});

it('counts keys of one batch apart, and after it goes on from the stored counts', async () => {
  const counter = postgresAttemptCounter(testDb.recording);
  const keys = ['a', 'b', 'a', 'c', 'b', 'a'].map((k) => `rate:${k}`);
  const first = await Promise.all(keys.map((key) => counter.hit(key, 60_000)));
  expect(first.map((attempts) => attempts.count)).toEqual([1, 1, 2, 1, 2, 3]);
  expect((await counter.hit('rate:a', 60_000)).count).toBe(4);
  expect((await counter.hit('rate:c', 60_000)).count).toBe(2);
});

it('starts an expired key again from the batch, and slides only the keys that ask', async () => {
  const counter = postgresAttemptCounter(testDb.recording);
  await Promise.all(['rate:old', 'rate:old', 'lock:old', 'rate:fixed'].map((key) => counter.hit(key, 60_000)));
  await testDb.db.query(`update attempt_counters set expires_at = now() - interval '1 second' where key = 'rate:old'`);
  await testDb.db.query(`update attempt_counters set expires_at = now() + interval '5 seconds' where key in ('lock:old', 'rate:fixed')`);
  const [old, again, lock, fixed] = await Promise.all([
    counter.hit('rate:old', 60_000),
    counter.hit('rate:old', 60_000),
    counter.hit('lock:old', 60_000, true),
    counter.hit('rate:fixed', 60_000),
  ]);
  expect([old!.count, again!.count, lock!.count, fixed!.count]).toEqual([1, 2, 2, 2]);
  expect(lock!.ttlMs).toBeGreaterThan(55_000);
  expect(fixed!.ttlMs).toBeLessThanOrEqual(5_000);
});

it('fails every attempt of a batch the database refuses, and counts the next ones', async () => {
  const counter = postgresAttemptCounter(testDb.recording);
  const failing: Db = { ...testDb.recording, query: () => Promise.reject(new Error('the database is away')) };
  const refused = postgresAttemptCounter(failing);
  const results = await Promise.allSettled([refused.hit('rate:x', 60_000), refused.hit('rate:x', 60_000)]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(await refused.hit('rate:x', 60_000).catch((error: Error) => error.message)).toBe('the database is away');
  expect((await counter.hit('rate:x', 60_000)).count).toBe(1);
});
