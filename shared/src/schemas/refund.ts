import { z } from 'zod';
import { containsCardNumber } from '../cards/card-number-text';
import { withData } from './common';
import { refundObject, refundReason } from './merchant-objects';
import { paymentAmount } from './payment';

/** A note is kept with the refund and shown to staff: never a card number (REF-03). */
export const REFUND_NOTE_CARD_NUMBER = 'A note may not contain a card number';

/** What a refund asks for, whoever asks: the amount defaults to what is left of the payment (REF-02). */
export const refundFields = z.object({
  amount: z.optional(paymentAmount),
  reason: refundReason,
  note: z
    .string()
    .trim()
    .max(500, 'The note is at most 500 characters')
    .refine((note) => !containsCardNumber(note), REFUND_NOTE_CARD_NUMBER)
    .optional(),
});
export type RefundFields = z.infer<typeof refundFields>;

/** POST /api/refunds (secret key). */
export const refundRequest = refundFields.extend({ transaction_id: z.string().trim().min(1).max(64) });
export type RefundRequest = z.infer<typeof refundRequest>;

export const refundIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const refundCreatedResponse = z.object({ status: z.literal('success'), message: z.string(), data: refundObject });
export const refundResponse = withData(refundObject);

/** Stripe's header: a retry with the same key and body gets the first answer again (IDEM-01). */
export const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(255).optional() });
