import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuthorize } from './auth/authorize';
import { createTokenService } from './auth/token-service';
import type { Config } from './config';
import type { Db } from './db/db';
import { registerFrontends } from './frontends';
import { apiRoutes } from './http/api-routes';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './http/health-routes';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { createLogger } from './logger';
import { merchantDemoRoutes } from './payments/merchant-demo-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyBaseLogger;
}

/** Security headers (before any route), external plugins, then app plugins (decorators), then routes, then the front ends. */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: logger ?? createLogger(config.logLevel) }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  app.decorate('config', config);
  app.decorate('db', db);
  registerAuthorize(app, createTokenService(config.authSecret));

  await app.register(healthRoutes);
  await app.register(apiRoutes, { prefix: '/api' });
  if (config.mode === 'demo') await app.register(merchantDemoRoutes, { prefix: '/demo/merchant' });
  await registerFrontends(app, config);
  return app;
}
