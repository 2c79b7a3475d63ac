import type { DisputeReason, DisputeStatus } from '@paydesk/shared/schemas/merchant-objects';
import type { StatusTone } from '@paydesk/shared/ui/status-chip';

/** Each status as a chip: an inquiry's are named as such, since it moves no money (DSP-01). */
export const statusLooks: Record<DisputeStatus, { label: string; tone: StatusTone }> = {
  warning_needs_response: { label: 'Inquiry: needs response', tone: 'warning' },
  warning_under_review: { label: 'Inquiry: under review', tone: 'blue' },
  warning_closed: { label: 'Inquiry closed', tone: 'grey' },
  needs_response: { label: 'Needs response', tone: 'warning' },
  under_review: { label: 'Under review', tone: 'blue' },
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'error' },
};

/** Stripe's reasons in words. */
export const reasonLabels: Record<DisputeReason, string> = {
  fraudulent: 'Fraudulent',
  duplicate: 'Duplicate',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  subscription_canceled: 'Subscription canceled',
  credit_not_processed: 'Credit not processed',
  general: 'General',
};

/** The statuses in which the issuer waits for evidence: the merchant may answer or accept. */
export const awaitsResponse = (status: DisputeStatus): boolean => status === 'needs_response' || status === 'warning_needs_response';

export const isInquiry = (status: DisputeStatus): boolean => status.startsWith('warning_');

export const isClosed = (status: DisputeStatus): boolean => status === 'won' || status === 'lost' || status === 'warning_closed';
