import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Permission } from '@paydesk/shared/roles';
import { forbidden, unauthorized } from '../errors/domain-error';
import { authenticate, bearerToken, type AuthContext } from './auth-service';
import { prepareDummyHash } from './password-hasher';
import type { TokenService } from './token-service';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Pre-handler: a valid session is required (401); with a permission, the caller's role must hold it (403, PERM-09). */
    authorize(permission?: Permission): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authorize`; null on public routes. */
    auth: AuthContext | null;
  }
}

/** The caller of an authorized route (authorize ran before the handler). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Decorates the root instance, so every route registered afterwards can use `app.authorize`. */
export function registerAuthorize(app: FastifyInstance, tokens: TokenService): void {
  prepareDummyHash();
  app.decorate('tokens', tokens);
  app.decorateRequest('auth', null);
  app.decorate('authorize', (permission?: Permission): preHandlerAsyncHookHandler => {
    return async function authorizeRequest(request) {
      const token = bearerToken(request.headers.authorization);
      const auth = token ? await authenticate(app.db, tokens, app.config, token) : null;
      if (!auth) throw unauthorized();
      request.auth = auth;
      if (permission && !auth.permissions.has(permission)) throw forbidden();
    };
  });
}
