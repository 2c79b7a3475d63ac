import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Every action the audit trail records (AUD-01). The list is fixed: an entry's action is one of
 * these, and each has its own allow-list of the fields its entry may carry (server/src/audit).
 */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.locked_out',
  'auth.sign_out',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.reset',
  'passkey.registered',
  'passkey.renamed',
  'passkey.removed',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.role_changed',
  'card.uploaded',
  'card.blocked',
  'card.unblocked',
  'withdrawal.requested',
  'refund.issued',
  'dispute.opened',
  'dispute.evidence_saved',
  'dispute.evidence_submitted',
  'dispute.accepted',
  'file.uploaded',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.rolled',
  'webhook_endpoint.deleted',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'remote.released',
  'remote.release_refused',
  'remote.promoted',
  'remote.rolled_back',
  'remote.previewed',
  'deploy_token.created',
  'deploy_token.revoked',
  'role.created',
  'role.updated',
  'role.deleted',
] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

export const auditTargetTypes = [
  'user',
  'card',
  'card_upload',
  'withdrawal',
  'refund',
  'dispute',
  'file',
  'webhook_endpoint',
  'api_key',
  'session',
  'passkey',
  'remote_release',
  'deploy_token',
  'role',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** A changed field: what it was and what it became (absent on the side where it did not exist). */
export const auditChange = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

export const auditEntry = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: auditAction,
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  changes: z.record(z.string(), auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
const isoTime = isoDateTime;

/** The filters of the audit page and of its CSV export (AUD-05). */
export const auditFilters = z.object({
  actor: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .transform((v) => v || undefined),
  action: z
    .union([auditAction, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  from: z
    .union([isoTime, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  to: z
    .union([isoTime, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type AuditFilters = z.input<typeof auditFilters>;

/** One page, newest first: `before` is the id the page starts below (keyset paging, AUD-06). */
export const auditListQuery = auditFilters.extend({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), 'limit must be 25, 50 or 100')
    .default(50),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditListResponse = z.object({
  status: z.literal('success'),
  data: z.array(auditEntry),
  /** The `before` of the next (older) page, or null on the last page. */
  next_before: z.number().int().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

export const AUDIT_CSV = 'audit-log.csv';
export const auditCsvHeader = [
  'ID',
  'Time',
  'Actor ID',
  'Actor Email',
  'Action',
  'Client Address',
  'User Agent',
  'Target Type',
  'Target ID',
  'Changes',
] as const;

export const auditActionLabel = (action: AuditAction): string => action.replace(/[._]/g, ' ');
