import { z } from 'zod';

/** Money on the wire: a decimal string with two places ("1234.50"). Integer cents inside. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/, 'Expected a decimal amount with two places');
export type Money = z.infer<typeof money>;

export { atLeastOneCent } from './cents';

export const isoDateTime = z.string().datetime({ offset: true });

/**
 * The stable, machine-readable reason of an error, beside its human message: a merchant's code
 * branches on `code`, never on the message's words. New codes are added, none is ever renamed.
 */
export const errorCodes = [
  'invalid_request', 'unauthorized', 'forbidden', 'not_found', 'request_timeout', 'conflict', 'payload_too_large',
  'unsupported_media_type', 'unprocessable', 'rate_limited', 'internal_error', 'service_unavailable',
  'idempotency_key_reused', 'idempotency_key_in_use', 'payment_not_refundable', 'refund_exceeds_amount',
  'insufficient_balance', 'webhook_url_refused', 'two_factor_code_invalid', 'two_factor_challenge_expired',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The code an error gets when nothing more specific is said: by its HTTP status. */
export function errorCodeFor(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 408: 'request_timeout', 409: 'conflict',
    413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable', 429: 'rate_limited', 503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}

/** Every error body of the API. */
export const apiError = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.enum(errorCodes),
});
export type ApiError = z.infer<typeof apiError>;

/** `{status, message}` answers of the admin mutations (USR-07: success when status is 'success'). */
export const statusMessage = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

/** `{status, message, data}`: the envelope of reads. */
export const withData = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().optional(), data });
