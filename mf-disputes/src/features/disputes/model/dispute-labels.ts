import type { DisputeStatus } from '@paydesk/shared/schemas/merchant-objects';
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

/** The statuses in which the issuer waits for evidence: the merchant may answer or accept. */
export const awaitsResponse = (status: DisputeStatus): boolean => status === 'needs_response' || status === 'warning_needs_response';

export const isInquiry = (status: DisputeStatus): boolean => status.startsWith('warning_');

export const isClosed = (status: DisputeStatus): boolean => status === 'won' || status === 'lost' || status === 'warning_closed';
