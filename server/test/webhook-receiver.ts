import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Heard {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers with
 * `respond` (200 unless told otherwise).
 */
export async function startReceiver() {
  const heard: Heard[] = [];
  let respond: (response: ServerResponse, count: number) => void = (response) => response.end('ok');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      heard.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      respond(response, heard.length);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    heard,
    answer(fn: (response: ServerResponse, count: number) => void) {
      respond = fn;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls `check` until it holds (or the time runs out), running `step` before each look. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  step: () => Promise<unknown> = async () => undefined,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    await step();
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
