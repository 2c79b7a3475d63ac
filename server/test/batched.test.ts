import { batched } from '../src/db/batched';

/** A batch function whose batches are answered by hand: `calls` holds each batch's items. */
function controlled(options?: { max?: number; inFlight?: number }) {
  const calls: number[][] = [];
  const pending: { resolve: (answers: string[]) => void; reject: (error: Error) => void }[] = [];
  const run = (items: number[]) => {
    calls.push(items);
    return new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { calls, pending, call: batched(run, options) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

it('sends a call alone at once, and the calls that come meanwhile together after it, each with its own answer', async () => {
  const { calls, pending, call } = controlled();
  const first = call(1);
  expect(calls).toEqual([[1]]);
  const rest = [call(2), call(3), call(4)];
  expect(calls).toEqual([[1]]);
  pending[0]!.resolve(['one']);
  expect(await first).toBe('one');
  await settled();
  expect(calls).toEqual([[1], [2, 3, 4]]);
  pending[1]!.resolve(['two', 'three', 'four']);
  expect(await Promise.all(rest)).toEqual(['two', 'three', 'four']);
  // Idle again: the next call goes at once.
  void call(5);
  expect(calls).toEqual([[1], [2, 3, 4], [5]]);
});

it('fails every call of a failed batch, and goes on with the next', async () => {
  const { calls, pending, call } = controlled();
  const first = call(1);
  const together = [call(2), call(3)];
  pending[0]!.resolve(['one']);
  await first;
  await settled();
  pending[1]!.reject(new Error('the database is away'));
  expect(await Promise.allSettled(together)).toEqual([
    { status: 'rejected', reason: new Error('the database is away') },
    { status: 'rejected', reason: new Error('the database is away') },
  ]);
  const next = call(4);
  expect(calls.at(-1)).toEqual([4]);
  pending[2]!.resolve(['four']);
  expect(await next).toBe('four');
});

it('sends at most `max` calls in one batch, the rest in the batches after it', async () => {
  const { calls, pending, call } = controlled({ max: 2 });
  const all = [call(1), call(2), call(3), call(4), call(5)];
  pending[0]!.resolve(['one']);
  await settled();
  expect(calls).toEqual([[1], [2, 3]]);
  pending[1]!.resolve(['two', 'three']);
  await settled();
  expect(calls).toEqual([[1], [2, 3], [4, 5]]);
  pending[2]!.resolve(['four', 'five']);
  expect(await Promise.all(all)).toEqual(['one', 'two', 'three', 'four', 'five']);
});

it('keeps up to `inFlight` batches at the database, so one slow batch does not hold the calls behind it', async () => {
  const { calls, pending, call } = controlled({ inFlight: 2 });
  const slow = call(1);
  const fast = call(2);
  const later = [call(3), call(4)];
  expect(calls).toEqual([[1], [2]]);
  pending[1]!.resolve(['two']);
  expect(await fast).toBe('two');
  await settled();
  // The first batch is still out; the calls that waited go beside it.
  expect(calls).toEqual([[1], [2], [3, 4]]);
  pending[2]!.resolve(['three', 'four']);
  expect(await Promise.all(later)).toEqual(['three', 'four']);
  pending[0]!.resolve(['one']);
  expect(await slow).toBe('one');
});
