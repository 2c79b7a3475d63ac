import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/auth-service';
import { unauthorized } from '../http/http-error';

const sameKey = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Pre-handler: the request carries `Authorization: Bearer <key>` with this exact key. */
export const requireKey = (key: () => string, label: string) => async (request: FastifyRequest) => {
  const given = bearerToken(request.headers.authorization);
  if (!given || !sameKey(given, key())) throw unauthorized(`A valid ${label} key is required`);
};
