import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiError, ErrorCode } from '@paydesk/shared/schemas/common';
import { AccountLockedError } from '../src/auth/sign-in-lockout';
import { invalidCode } from '../src/auth/two-factor-service';
import {
  conflict,
  declined,
  forbidden,
  invalid,
  notFound,
  rateLimited,
  tooLarge,
  unauthorized,
  unprocessable,
  unsupportedMedia,
  type DomainError,
  type ErrorKind,
} from '../src/errors/domain-error';
import { registerErrorHandler } from '../src/http/error-handler';

/**
 * The one error handler turns a domain error into its answer (API-04): the status of its kind,
 * its message and its code. The statuses are written out here, not read from http/error-status.ts,
 * so a wrong row of that table fails this test.
 */
type Expected = [error: DomainError, status: number, code: ErrorCode];

// A Record over every kind: a new kind does not compile until it has its case here.
const eachKind: Record<ErrorKind, Expected> = {
  invalid: [invalid('Invalid card number'), 400, 'invalid_request'],
  unauthorized: [unauthorized(), 401, 'unauthorized'],
  declined: [declined('This card was blocked as fraudulent. Please use another card.'), 402, 'invalid_request'],
  forbidden: [forbidden(), 403, 'forbidden'],
  notFound: [notFound('Transaction not found'), 404, 'not_found'],
  conflict: [conflict('No 3-D Secure step is waiting for this transaction'), 409, 'conflict'],
  tooLarge: [tooLarge('The file is larger than 5 MB'), 413, 'payload_too_large'],
  unsupportedMedia: [unsupportedMedia('Please upload an Excel file'), 415, 'unsupported_media_type'],
  unprocessable: [unprocessable('No card could be accepted'), 422, 'unprocessable'],
  rateLimited: [rateLimited('Too many requests. Please try again in 5 seconds.'), 429, 'rate_limited'],
};

// A code of its own keeps the status of its kind; one code may come with two kinds.
const specificCodes: Record<string, Expected> = {
  'a refund larger than what is left': [
    conflict('Only $100.00 of this payment is left to refund', 'refund_exceeds_amount'),
    409,
    'refund_exceeds_amount',
  ],
  'a reused Idempotency-Key': [
    unprocessable('This Idempotency-Key was already used for a different withdrawal', 'idempotency_key_reused'),
    422,
    'idempotency_key_reused',
  ],
  'a wrong second-factor code at sign-in': [invalidCode('sign-in'), 401, 'two_factor_code_invalid'],
  "a wrong second-factor code in one's own account": [invalidCode('account'), 400, 'two_factor_code_invalid'],
  'the sign-in lock': [new AccountLockedError(60_000), 429, 'rate_limited'],
};

const cases = [...Object.entries(eachKind), ...Object.entries(specificCodes)];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get<{ Params: { index: string } }>('/domain/:index', async (request) => {
    throw cases[Number(request.params.index)]![1][0];
  });
  app.get('/fault', async () => {
    throw new Error('connection to 10.0.0.5 refused');
  });
  app.get('/framework-refusal', async () => {
    throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe.each(cases.map(([name, [error, status, code]], index) => ({ name, error, status, code, index })))(
  '$name',
  ({ error, status, code, index }) => {
    it(`answers ${status} with code ${code} and the error's message`, async () => {
      const response = await app.inject({ method: 'GET', url: `/domain/${index}` });
      const body: ApiError = { status: 'error', message: error.message, code };
      expect([response.statusCode, response.json()]).toEqual([status, body]);
    });
  },
);

it('hides a fault behind 500 Internal server error', async () => {
  const response = await app.inject({ method: 'GET', url: '/fault' });
  expect([response.statusCode, response.json()]).toEqual([
    500,
    { status: 'error', message: 'Internal server error', code: 'internal_error' },
  ]);
});

it("passes another 4xx on with its message and its status's code", async () => {
  const response = await app.inject({ method: 'GET', url: '/framework-refusal' });
  expect([response.statusCode, response.json()]).toEqual([
    413,
    { status: 'error', message: 'Request body is too large', code: 'payload_too_large' },
  ]);
});
