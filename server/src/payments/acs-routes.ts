import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { perAddressLimit } from '../security/register-defences';
import { acsStyles, challengePage, errorPage, notifyScript, resultPage } from './acs-pages';
import { paymentContexts } from './payment-context';
import { completeChallenge } from './settlement';

const transactionId = z.string().regex(/^TXN[A-Z0-9]{10,40}$/, 'Invalid transaction id');
/** An http(s) origin and nothing more (no path, no markup). */
const webOrigin = z
  .string()
  .max(200)
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/);

/** Where the payer page that opened the challenge lives, from the challenge form's Referer. */
function payerOrigin(referer: string | undefined, fallback: string): string {
  try {
    const origin = referer ? new URL(referer).origin : fallback;
    return webOrigin.safeParse(origin).success ? origin : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The sandbox issuer (ACS) of 3-D Secure test cards: the challenge form posts here, the payer
 * chooses Complete or Fail, and the result page tells the payer page through postMessage. Its
 * failures are pages, not JSON: `statusOf` is http/'s status of a domain error, handed in by routes.ts.
 */
export const acsRoutes: FastifyPluginAsyncZod<{ statusOf: (error: DomainError) => number }> = async (app, { statusOf }) => {
  // Needs no key, so only the per-address count bounds what one address makes it do.
  app.addHook('onRequest', perAddressLimit(app, 'acs', app.config.paymentRateLimitPerMinute));
  // The issuer is this server, at its public address whatever Host the request names.
  const ownOrigin = app.config.publicUrl;
  const paymentContext = paymentContexts(app)(ownOrigin);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const html = 'text/html; charset=utf-8';

  app.post('/challenge', {
    schema: { hide: true, body: z.object({ transaction_id: transactionId }) },
    handler: async (request, reply) =>
      reply.type(html).send(challengePage(request.body.transaction_id, payerOrigin(request.headers.referer, ownOrigin))),
  });

  app.post('/result', {
    schema: {
      hide: true,
      body: z.object({ transaction_id: transactionId, outcome: z.enum(['complete', 'fail']), return_origin: webOrigin }),
    },
    handler: async (request, reply) => {
      const passed = request.body.outcome === 'complete';
      await completeChallenge(paymentContext, request.body.transaction_id, 'acs', passed);
      // The payer page learns the result from its own requery; this message only says "done".
      return reply.type(html).send(resultPage(request.body.transaction_id, request.body.return_origin, passed));
    },
  });

  app.get('/notify.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(notifyScript),
  );
  app.get('/acs.css', { schema: { hide: true } }, async (_request, reply) => reply.type('text/css; charset=utf-8').send(acsStyles));
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof DomainError ? statusOf(error) : ((error as { statusCode?: number }).statusCode ?? 500);
    // Past the rate limit the payer is told when to try again; any other failure ends the step.
    const message = status === 429 && error instanceof DomainError ? error.message : 'This 3-D Secure step is no longer available.';
    reply
      .code(status >= 400 && status < 500 ? status : 500)
      .type(html)
      .send(errorPage(message));
  });
};
