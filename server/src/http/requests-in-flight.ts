import type { FastifyInstance } from 'fastify';

/**
 * How many requests this process is serving, averaged over about the last `windowMs`: the
 * pressure that background work (the webhook worker) yields to. A moving average, not the
 * count of the moment, so that one burst does not count as load and one idle instant does not
 * count as none. Requests waiting on the database count too: a process whose database is the
 * bottleneck looks idle to the event loop but not here.
 */
export function requestsInFlight(windowMs = 250, clock = () => performance.now()) {
  let count = 0;
  let average = 0;
  let at = clock();
  const advance = (): void => {
    const now = clock();
    const kept = Math.exp(-(now - at) / windowMs);
    average = average * kept + count * (1 - kept);
    at = now;
  };
  return {
    started(): void {
      advance();
      count += 1;
    },
    finished(): void {
      advance();
      count -= 1;
    },
    average(): number {
      advance();
      return average;
    },
    /** Requests in flight at this instant. */
    now(): number {
      return count;
    },
  };
}
export type RequestsInFlight = ReturnType<typeof requestsInFlight>;

/** Counts every request from its first hook until its response closes (sent or abandoned). */
export function countRequests(app: FastifyInstance, gauge: RequestsInFlight): void {
  app.addHook('onRequest', (_request, reply, done) => {
    gauge.started();
    reply.raw.once('close', gauge.finished);
    done();
  });
}
