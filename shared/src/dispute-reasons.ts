import type { DisputeReason } from './schemas/merchant-objects';

/** Stripe's dispute reasons in words, wherever a person reads one. */
export const disputeReasonLabels: Record<DisputeReason, string> = {
  fraudulent: 'Fraudulent',
  duplicate: 'Duplicate',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  subscription_canceled: 'Subscription canceled',
  credit_not_processed: 'Credit not processed',
  general: 'General',
};
