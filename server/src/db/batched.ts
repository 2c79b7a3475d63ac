interface Waiting<Item, Answer> {
  item: Item;
  done: (answer: Answer) => void;
  fail: (error: unknown) => void;
}

/**
 * One statement for the calls that arrive together. While `inFlight` batches (one unless told) are
 * at the database, the calls that come meanwhile wait and then go together: a call alone goes at
 * once, and under load many share one round trip, which is most of what a small statement costs on
 * a busy machine (docs/decisions/batched-statements.md). More than one in flight keeps one slow
 * statement from holding every call back. `run` answers the batch's items in their order from one
 * statement, so a batch is all or nothing, and a failed batch fails each of its calls: only for
 * items that cannot fail one by one (server-made rows and counters), where a failure is the
 * database's, unless `run` tells them apart itself (paymentWriter sends a refused batch again one
 * by one). `max` caps a batch; the calls past it go in the next one.
 */
export function batched<Item, Answer>(
  run: (items: Item[]) => Promise<Answer[]>,
  { max = Infinity, inFlight = 1 } = {},
): (item: Item) => Promise<Answer> {
  const waiting: Waiting<Item, Answer>[] = [];
  let sending = 0;
  const settle = async (batch: Waiting<Item, Answer>[]): Promise<void> => {
    try {
      const answers = await run(batch.map((call) => call.item));
      batch.forEach((call, i) => call.done(answers[i]!));
    } catch (error) {
      for (const call of batch) call.fail(error);
    }
  };
  const send = () => {
    while (sending < inFlight && waiting.length > 0) {
      sending += 1;
      void settle(waiting.splice(0, max)).finally(() => {
        sending -= 1;
        send();
      });
    }
  };
  return (item) =>
    new Promise<Answer>((done, fail) => {
      waiting.push({ item, done, fail });
      send();
    });
}
