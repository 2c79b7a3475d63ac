import http from 'node:http';
import https from 'node:https';
import type { AddressPolicy } from './address-policy';

export interface PostOutcome {
  /** 2xx only: a redirect is not followed and counts as a failure. */
  ok: boolean;
  status: number | null;
  /** The first KB of the answer, or why there was none. */
  body: string;
  durationMs: number;
}

const BODY_LIMIT = 1024;

/**
 * Connections kept open between attempts, per origin: a new one per event cost the process more
 * CPU than the payment that made the event. A socket is checked by the address policy when it
 * connects (the `lookup` hook), and stays connected to that checked address while it is reused.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * One delivery attempt: POSTs `body` to `url` with `headers`, within `timeoutMs` from the start
 * to the last byte read, connecting only where the address policy allows. Never throws.
 */
export function postEvent(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; policy: AddressPolicy },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((done) => {
    let finished = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      done({ ...outcome, durationMs: elapsed() });
    };
    const target = new URL(url);
    const refused = options.policy.refusesLiteral(target);
    const timer = setTimeout(() => {
      request?.destroy();
      finish({ ok: false, status: null, body: `Timed out after ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    if (refused) {
      finish({ ok: false, status: null, body: `Refused: ${refused.message}` });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: options.policy.lookup,
      agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refusedAddress = error.code === 'EWEBHOOKREFUSED';
      finish({
        ok: false,
        status: null,
        body: (refusedAddress ? `Refused: ${error.message}` : `${error.code ?? 'Error'}: ${error.message}`).slice(0, BODY_LIMIT),
      });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMIT);
        const redirect =
          status >= 300 && status < 400 ? `Redirect not followed (Location: ${String(response.headers.location ?? '')}) ` : '';
        finish({ ok: status >= 200 && status < 300, status, body: (redirect + text).slice(0, BODY_LIMIT) });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The rest of a long answer is not read: that connection is closed, not kept.
        if (size >= BODY_LIMIT) {
          end();
          response.destroy();
        }
      });
      response.on('end', end);
      response.on('error', end);
    });
    request.end(body);
  });
}
