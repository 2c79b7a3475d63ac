import { formatMoney } from '@paydesk/shared/format';
import type { DisputeTimelineEntry } from '@paydesk/shared/schemas/dispute';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { awaitsResponse, isInquiry } from './dispute-labels';

export interface TimelineEvent {
  label: string;
  at: string;
  /** A moment still to come (the due date), not something that happened. */
  upcoming?: boolean;
}

/** What a change of status says, read against the status before it. */
function statusChange(entry: DisputeTimelineEntry, before: DisputeTimelineEntry | undefined, dueBy: string): string {
  const was = before?.status;
  switch (entry.status) {
    case 'warning_under_review':
    case 'under_review':
      return 'Evidence submitted';
    case 'needs_response':
      return was === 'warning_needs_response' || was === 'warning_under_review' ? 'The inquiry became a dispute' : 'Evidence saved';
    case 'warning_needs_response':
      return 'Evidence saved';
    case 'won':
      return 'Won: the issuer decided for you';
    case 'warning_closed':
      return was === 'warning_under_review' ? 'Inquiry closed in your favour' : 'Inquiry accepted and closed';
    case 'lost':
      if (was === 'under_review') return 'Lost: the issuer decided against you';
      // The job closes an unanswered dispute at its due date; a close before it was the merchant's.
      return Date.parse(entry.created_at) < Date.parse(dueBy) ? 'Accepted: closed as lost' : 'Lost: not answered by the due date';
  }
}

/**
 * A dispute's history in words, oldest first, from the events it wrote (the timeline call): each
 * entry says only what its event shows. While it waits for evidence, its due date follows.
 */
export function timelineEvents(
  dispute: Pick<DisputeObject, 'status' | 'evidence_details'>,
  entries: readonly DisputeTimelineEntry[],
): TimelineEvent[] {
  const dueBy = dispute.evidence_details.due_by;
  const events = entries.map((entry, index): TimelineEvent => {
    const before = entries.slice(0, index).findLast((e) => e.type !== 'dispute.funds_withdrawn' && e.type !== 'dispute.funds_reinstated');
    switch (entry.type) {
      case 'dispute.created':
        return { label: isInquiry(entry.status) ? 'Inquiry opened' : 'Dispute opened', at: entry.created_at };
      case 'dispute.funds_withdrawn':
        return { label: `${formatMoney(entry.amount)} and the ${formatMoney(entry.fee)} fee taken from the balance`, at: entry.created_at };
      case 'dispute.funds_reinstated':
        return { label: `${formatMoney(entry.amount)} given back to the balance (the fee is kept)`, at: entry.created_at };
      case 'dispute.updated':
      case 'dispute.closed':
        return { label: statusChange(entry, before, dueBy), at: entry.created_at };
    }
  });
  if (awaitsResponse(dispute.status)) events.push({ label: 'Evidence due', at: dueBy, upcoming: true });
  return events;
}
