import Fastify, { type FastifyBaseLogger, type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerApiKeys } from './api-keys/register-api-keys';
import fastifyCookie from '@fastify/cookie';
import { registerAuthorize } from './auth/authorize';
import { createTokenService } from './auth/token-service';
import type { Config } from './config';
import type { Db } from './db/db';
import { registerFrontends } from './frontends';
import { apiRoutes } from './routes';
import { handleClientError } from './http/client-error';
import { handleFrameworkError, registerErrorHandler } from './http/error-handler';
import { watchDbHealth } from './db/db-health';
import { healthRoutes } from './http/health-routes';
import { registerOpenApi } from './http/openapi';
import { countRequests, requestsInFlight, type RequestsInFlight } from './http/requests-in-flight';
import { registerSecurityHeaders } from './http/security-headers';
import { releasedRemotes } from './platform/live-releases';
import { previewedEntry } from './platform/preview';
import { registerCanonicalHost } from './http/canonical-host';
import { rejectUnstorableText } from './validation/text-guard';
import { createLogger } from './logger';
import { merchantDemoRoutes } from './payments/merchant-demo-routes';
import { registerDefences } from './security/register-defences';
import { named } from './named-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Requests being served, averaged: the load that background work yields to. */
    requestsInFlight: RequestsInFlight;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyBaseLogger;
  /** Sees every route as it is registered (the authorization matrix compares them to its table). */
  onRoute?: onRouteHookHandler;
  /** Called once when the database calls are wedged (db-health.ts); the process entry point stops the process. */
  onDbWedged?: () => void;
}

/** Security headers (before any route), external plugins, then app plugins (decorators), then routes, then the front ends. */
export async function buildApp({ config, db, logger, onRoute, onDbWedged }: BuildAppOptions): Promise<FastifyInstance> {
  // trustProxy: the client address behind a balancer, for the per-address limits.
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel, config.logFormat),
    trustProxy: config.trustProxy ?? false,
    // A URL that does not decode ('/api/%') gets the API's error envelope too.
    frameworkErrors: handleFrameworkError,
    // A request that never finishes arriving must not hold its connection: 408, then closed.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Node looks for late requests every connectionsCheckingInterval (30 s by default, longer than the timeouts it enforces).
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5_000, config.headersTimeoutMs) },
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  const gauge = requestsInFlight();
  app.decorate('requestsInFlight', gauge);
  countRequests(app, gauge);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('preValidation', rejectUnstorableText);
  await registerSecurityHeaders(app, config, async (request) => {
    const [live, previewed] = await Promise.all([releasedRemotes(db), previewedEntry(request, db, config.authSecret)]);
    return previewed ? [...live, previewed] : live;
  });
  // After the security headers (a redirect carries them too), before any route.
  registerCanonicalHost(app, config);
  await registerOpenApi(app);

  app.decorate('config', config);
  app.decorate('db', db);
  registerAuthorize(app, createTokenService(config.authSecret));
  await registerDefences(app);
  await registerApiKeys(app, config);

  const health = watchDbHealth(db, {
    wedgedAfterMs: config.dbWedgedSeconds * 1000,
    onWedged: () => {
      app.log.fatal({ seconds: config.dbWedgedSeconds }, 'database calls wedged: a probe neither answered nor failed');
      onDbWedged?.();
    },
  });
  app.addHook('onClose', async () => health.stop());
  await app.register(named(healthRoutes), { health });
  await app.register(named(apiRoutes), { prefix: '/api' });
  if (config.mode === 'demo') await app.register(named(merchantDemoRoutes), { prefix: '/demo/merchant' });
  // Only the front ends read a cookie: the browser's id for canary rollouts (platform/rollout.ts).
  await app.register(fastifyCookie);
  await registerFrontends(app, config);
  return app;
}
