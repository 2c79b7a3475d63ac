import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCheckoutRequest } from '@paydesk/shared/schemas/public-api';
import { perAddressLimit } from '../security/register-defences';
import { merchantDemoPage, merchantDemoStyles } from './merchant-demo-page';
import { merchantDemoWebhooks } from './merchant-demo-webhooks';
import { serverRoot } from '../repo-root';
import { named } from '../named-plugin';

const demoCustomer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101' };

/**
 * /demo/merchant (demo mode only): a merchant's page and the merchant's server side. The checkout
 * is created here, server to server, through POST /api/checkout with the configured secret key;
 * the browser never sees that key.
 */
export const merchantDemoRoutes: FastifyPluginAsyncZod = async (app) => {
  const script = readFileSync(join(serverRoot(), 'public', 'merchant-demo.js'), 'utf8');
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(merchantDemoPage),
  );

  app.post('/checkout', {
    schema: { hide: true, body: z.object({ amount: createCheckoutRequest.shape.amount }) },
    // Anyone may call it, and each call writes a checkout: counted per address like the payment calls.
    onRequest: perAddressLimit(app, 'merchant-demo', app.config.paymentRateLimitPerMinute),
    handler: async (request, reply) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { authorization: `Bearer ${app.config.secretKey}`, 'content-type': 'application/json' },
        payload: {
          ...demoCustomer,
          amount: request.body.amount,
          // The widget posts to this exact origin, so the page hears its messages.
          callback_url: `${app.config.publicUrl}/demo/merchant?done=1`,
          metadata: { source: 'merchant-demo' },
        },
      });
      return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
    },
  });

  await app.register(named(merchantDemoWebhooks), { prefix: '/webhooks' });

  app.get('/merchant.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/merchant.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(merchantDemoStyles),
  );
};
