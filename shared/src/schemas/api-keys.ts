import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Merchant API keys and the merchant API's request log: the back office's calls
 * (`/api/backend/api-keys`, permission developers.manage).
 */
export const apiKeyKinds = ['publishable', 'secret'] as const;
export const apiKeyKind = z.enum(apiKeyKinds);
export type ApiKeyKind = z.infer<typeof apiKeyKind>;

/** `active`; `expiring` (rolled, working until `expires_at`); `expired` or `revoked` (refused). */
export const apiKeyStatus = z.enum(['active', 'expiring', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof apiKeyStatus>;

export const apiKey = z.object({
  id: z.string(),
  kind: apiKeyKind,
  name: z.string(),
  /** The key's first characters (`sk_live_xxxx`); a secret key is never answered again after its creation. */
  prefix: z.string(),
  /** A publishable key in full (it is public: payer pages carry it); null for a secret key. */
  publishable_key: z.string().nullable(),
  status: apiKeyStatus,
  created_by: z.string().nullable(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
  expires_at: isoDateTime.nullable(),
  revoked_at: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  kind: apiKeyKind,
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** How long a rolled key keeps working: now, 1 hour, 24 hours, 3 days or 7 days (KEY-05). */
export const keyGraceHours = [0, 1, 24, 72, 168] as const;
export const rollApiKeyRequest = z.object({
  grace_hours: z
    .number()
    .int()
    .refine((h) => (keyGraceHours as readonly number[]).includes(h), 'grace_hours must be 0, 1, 24, 72 or 168'),
});

/** Creation and roll: the key, and the whole key in this answer only. */
export const apiKeyWithSecret = z.object({ key: apiKey, secret: z.string(), previous: apiKey.optional() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecret>;

export const statusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;
export const statusClass = z.enum(statusClasses);
export type StatusClass = z.infer<typeof statusClass>;

/** One request of the merchant API: never a body, never card data (KEY-10). */
export const apiRequestEntry = z.object({
  id: z.string(),
  key_id: z.string(),
  key_prefix: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  latency_ms: z.number().int(),
  idempotency_key: z.string().nullable(),
  created_at: isoDateTime,
});
export type ApiRequestEntry = z.infer<typeof apiRequestEntry>;

export const requestLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  key_id: z.string().trim().min(1).max(64).optional(),
  status_class: statusClass.optional(),
  /** Part of the path (`/api/checkout`). */
  path: z.string().trim().min(1).max(200).optional(),
});
export type RequestLogQuery = z.infer<typeof requestLogQuery>;
