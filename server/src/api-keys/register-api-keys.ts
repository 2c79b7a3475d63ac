import type { FastifyInstance } from 'fastify';
import type { ApiKeyKind } from '@paydesk/shared/schemas/api-keys';
import { bearerToken } from '../auth/auth-service';
import type { Config } from '../config';
import { unauthorized } from '../errors/domain-error';
import { bootstrapKeys, MissingKeyError } from './api-keys-service';
import { startKeyring, type Keyring, type KeyringOptions } from './keyring';
import { startRequestLog, type RequestLog } from './request-log';

declare module 'fastify' {
  interface FastifyInstance {
    keyring: Keyring;
    requestLog: RequestLog;
  }
  interface FastifyRequest {
    /** The API key the request carried (set by `requireKey`), or null. */
    apiKey: { id: string; kind: ApiKeyKind } | null;
  }
}

/**
 * Bootstraps the first keys from the configuration (KEY-02), starts the keyring and the request
 * log, and logs each request of the merchant API (secret key) once answered (KEY-10).
 */
export async function registerApiKeys(
  app: FastifyInstance,
  config: Pick<Config, 'publishableKey' | 'secretKey'>,
  options: KeyringOptions = {},
): Promise<void> {
  try {
    await bootstrapKeys(app.db, { publishable: config.publishableKey, secret: config.secretKey });
  } catch (error) {
    // No key and no variable: the server cannot take a request. A database that does not answer
    // is /readyz's business: the keys load at the keyring's next look.
    if (error instanceof MissingKeyError) throw error;
    app.log.error({ err: error }, 'storing the first API keys failed');
  }
  const keyring = await startKeyring(app.db, app.log, options);
  const requestLog = startRequestLog(app.db, app.log);
  app.decorate('keyring', keyring);
  app.decorate('requestLog', requestLog);
  app.decorateRequest('apiKey', null);
  app.addHook('onResponse', async (request, reply) => {
    if (request.apiKey?.kind !== 'secret') return;
    const idempotencyKey = request.headers['idempotency-key'];
    requestLog.record({
      keyId: request.apiKey.id,
      method: request.method,
      path: request.url.split('?')[0] ?? '/',
      status: reply.statusCode,
      latencyMs: reply.elapsedTime,
      idempotencyKey: typeof idempotencyKey === 'string' && idempotencyKey.trim() !== '' ? idempotencyKey.trim() : null,
      // When the request arrived: the log's order is the order requests came in.
      at: new Date(Date.now() - reply.elapsedTime),
    });
  });
  app.addHook('onClose', async () => {
    await keyring.stop();
    await requestLog.stop();
  });
}

/** Hook: the request carries `Authorization: Bearer <key>` with a working key of this kind (KEY-08). */
export const requireKey = (app: FastifyInstance, kind: ApiKeyKind) =>
  async function requireApiKey(request: import('fastify').FastifyRequest) {
    const given = bearerToken(request.headers.authorization);
    const id = given ? app.keyring.verify(kind, given) : undefined;
    if (!id) throw unauthorized(`A valid ${kind} key is required`);
    request.apiKey = { id, kind };
  };
