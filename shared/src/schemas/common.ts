import { z } from 'zod';

/** Money on the wire: a decimal string with two places ("1234.50"). Integer cents inside. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/, 'Expected a decimal amount with two places');
export type Money = z.infer<typeof money>;

export { atLeastOneCent } from './cents';

export const isoDateTime = z.string().datetime({ offset: true });

export { errorCodeFor, errorCodes, type ErrorCode } from './error-codes';
import { errorCodes } from './error-codes';

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
export const withData = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), message: z.string().optional(), data });
