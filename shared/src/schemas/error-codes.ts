// No zod here: the payer pages read error codes without loading a schema library.

/**
 * The stable, machine-readable reason of an error, beside its human message: a merchant's code
 * branches on `code`, never on the message's words. New codes are added, none is ever renamed.
 */
export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'request_timeout',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'payment_not_refundable',
  'refund_exceeds_amount',
  'insufficient_balance',
  'webhook_url_refused',
  'last_active_key',
  'api_key_ended',
  'two_factor_code_invalid',
  'two_factor_challenge_expired',
  'passkey_not_registered',
  'passkey_invalid',
  'passkey_challenge_expired',
  'passkey_unavailable',
  'last_second_factor',
  'release_refused',
  'release_exists',
  'release_live',
  'no_previous_release',
  'charge_disputed',
  'payment_not_disputable',
  'dispute_evidence_submitted',
  'dispute_past_due',
  'dispute_closed',
  'role_exceeds_actor',
  'role_built_in',
  'role_in_use',
  'role_exists',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The code an error gets when nothing more specific is said: by its HTTP status. */
export function errorCodeFor(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'invalid_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    408: 'request_timeout',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'unprocessable',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}
