/** Types of verify-webhook.js: plain Node so that the README can show it as it is. */
export function verifyWebhook(
  body: string | Buffer,
  header: string | undefined,
  secret: string,
  toleranceSeconds?: number,
  nowMs?: number,
): boolean;
