import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/db';
import { randomId } from '../ids/random-id';
import { eventTypes } from '@paydesk/shared/schemas/webhooks';
import { perAddressLimit } from '../security/register-defences';
import { secretBox, type SecretBox } from '../security/secret-box';
import { newSigningSecret } from '../webhooks/signature';
import { verifyWebhook } from '../webhooks/verify-webhook';

export const DEMO_WEBHOOK_PATH = '/demo/merchant/webhooks';
const KEEP = 50;

/** The demo seed's endpoint: every event type, to the demo merchant's receiver, with a fresh secret. */
export async function seedDemoWebhookEndpoint(tx: Db, publicUrl: string, box: SecretBox): Promise<void> {
  const id = randomId('we_', 24);
  await tx.query(`insert into webhook_endpoints (id, url, description, event_types, secret_sealed) values ($1, $2, $3, $4, $5)`, [
    id,
    `${publicUrl}${DEMO_WEBHOOK_PATH}`,
    'Demo merchant (demo mode)',
    [...eventTypes],
    box.seal(newSigningSecret(), id),
  ]);
}

/** What the list shows of a delivery's body, whatever it holds (it may be anything until verified). */
const eventHeading = z.object({ id: z.string().max(100).catch(''), type: z.string().max(100).catch('') }).catch({ id: '', type: '' });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

interface Heard {
  id: string;
  type: string;
  verified: boolean;
  received_at: string;
}

/**
 * The demo merchant's webhook receiver (demo mode only): it checks each delivery with the
 * README's snippet (verify-webhook.js) against the live secrets of the endpoints pointing here,
 * keeps the last 50 in memory, and lists them for its page.
 */
export const merchantDemoWebhooks: FastifyPluginAsyncZod = async (app) => {
  const box = secretBox(app.config.webhookSecretsKey);
  const heard: Heard[] = [];
  const secretsOfThisReceiver = async (): Promise<string[]> => {
    const rows = await app.db.query<{ id: string; secret_sealed: string; previous: string | null }>(
      `select id, secret_sealed, case when previous_secret_expires_at > now() then previous_secret_sealed end as previous
         from webhook_endpoints where deleted_at is null and url like '%' || $1`,
      [DEMO_WEBHOOK_PATH],
    );
    return rows.flatMap((row) => [row.secret_sealed, row.previous].flatMap((sealed) => (sealed ? [box.open(sealed, row.id)] : [])));
  };

  // The signature is over the raw body: it is kept as text here, parsed only after the check.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/', {
    schema: { hide: true },
    onRequest: perAddressLimit(app, 'merchant-demo-webhooks', app.config.paymentRateLimitPerMinute),
    handler: async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['paydesk-signature'];
      const secrets = await secretsOfThisReceiver();
      const verified = secrets.some((secret) => verifyWebhook(body, typeof header === 'string' ? header : undefined, secret));
      const event = eventHeading.parse(parseJson(body));
      heard.unshift({ id: event.id, type: event.type, verified, received_at: new Date().toISOString() });
      heard.length = Math.min(heard.length, KEEP);
      return reply.code(verified ? 200 : 400).send({ received: verified });
    },
  });

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ data: heard }));
};
