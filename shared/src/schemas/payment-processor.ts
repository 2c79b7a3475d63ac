import { z } from 'zod';

/** The processors a deployment can name (PAYMENT_PROCESSOR); `sandbox` simulates every outcome. */
export const paymentProcessors = ['sandbox'] as const;
export type PaymentProcessorName = (typeof paymentProcessors)[number];

/**
 * Who decides payment outcomes, as the back office is told (GET /api/auth/me). `name` is plain
 * text on the wire, so a front end older than a new processor still reads it; `sandbox` is what
 * the top bar's badge shows.
 */
export const paymentProcessorInfo = z.object({ name: z.string(), sandbox: z.boolean() });
export type PaymentProcessorInfo = z.infer<typeof paymentProcessorInfo>;

export const isSandbox = (name: PaymentProcessorName): boolean => name === 'sandbox';
