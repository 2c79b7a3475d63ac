import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs`, one run at a time, until the returned stop function is called
 * (which waits for a run in progress). `work` returns how many items it handled; runs that
 * handled some are logged as `done`, failures as `${name} failed`.
 */
export function startPeriodicJob(
  name: string,
  work: () => Promise<number>,
  logger: FastifyBaseLogger,
  intervalMs = 1000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(work)
      .then((count) => count > 0 && logger.info({ job: name, count }, `${name} done`))
      .catch((error: unknown) => logger.error({ err: error, job: name }, `${name} failed`));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
