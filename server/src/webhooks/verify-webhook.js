import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a Paydesk webhook. `body` is the raw request body exactly as received (string or Buffer),
 * `header` the Paydesk-Signature header, `secret` the endpoint's whsec_… secret. True when a v1
 * signature matches and its timestamp is within `toleranceSeconds` of now (against replays).
 */
export function verifyWebhook(body, header, secret, toleranceSeconds = 300, nowMs = Date.now()) {
  const pairs = String(header ?? '')
    .split(',')
    .map((pair) => pair.trim().split('='));
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  return pairs.some(
    ([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '') && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}
