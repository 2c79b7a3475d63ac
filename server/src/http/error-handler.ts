import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { errorBody } from './error-body';
import { domainErrorStatus } from './error-status';

type ValidationIssue = { instancePath?: string; message?: string };

/** "email: Please enter a valid email address" from the first issue of a failed validation. */
export function validationMessage(issues: readonly ValidationIssue[], context?: string): string {
  const first = issues[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  const where = path || context || 'request';
  return `${where}: ${first?.message ?? 'is invalid'}`;
}

function statusOf(error: FastifyError): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

/**
 * The one error handler: validation → 400 with a readable message, a domain error → the status
 * of its kind with its message and code, other 4xx pass their message, 5xx are logged with the
 * request context and the client learns nothing more.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    return reply.code(400).send(errorBody(400, validationMessage(error.validation, error.validationContext)));
  }
  if (error instanceof DomainError) {
    const status = domainErrorStatus(error);
    return reply.code(status).send(errorBody(status, error.message, error.code));
  }
  const status = statusOf(error);
  if (status < 500) {
    return reply.code(status).send(errorBody(status, error.message));
  }
  request.log.error(
    { err: error, method: request.method, url: request.url, route: request.routeOptions.url, userId: request.auth?.userId },
    'request failed',
  );
  return reply.code(status).send(errorBody(status, 'Internal server error'));
}

/** Errors raised before routing (a URL that does not decode, such as '/api/%'): the same envelope. */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = statusOf(error);
  return reply.code(status).send(errorBody(status, status < 500 ? 'Invalid request address' : 'Internal server error'));
}

export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler(handleError);
};
