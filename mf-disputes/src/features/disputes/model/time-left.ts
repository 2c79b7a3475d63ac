import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { awaitsResponse, isClosed } from './dispute-labels';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A due date closer than this stands out in the list and on the page. */
export const DUE_SOON_MS = 48 * HOUR;

/**
 * How the time to respond stands: `overdue` and `soon` (within 48 hours) stand out; `open` has
 * time; `answered` waits for the issuer; `closed` is over.
 */
export type Urgency = 'overdue' | 'soon' | 'open' | 'answered' | 'closed';

export interface TimeLeft {
  urgency: Urgency;
  /** `Overdue` or `Due soon`: the urgency in words, so colour is never the only sign of it. */
  flag?: string;
  /** The time itself, read after the flag: "Overdue by 3 h", "Due soon 5 h left". */
  text: string;
}

/** A length of time in the largest unit that reads well: "45 min", "5 h 20 min", "6 days"; rounded down. */
export function duration(ms: number): string {
  if (ms < MINUTE) return 'less than a minute';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DUE_SOON_MS) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  }
  return `${Math.floor(ms / DAY)} days`;
}

/** The time left to respond to a dispute at `now`, in words. */
export function timeLeft(dispute: Pick<DisputeObject, 'status' | 'evidence_details'>, now = Date.now()): TimeLeft {
  const { status, evidence_details: details } = dispute;
  if (isClosed(status)) return { urgency: 'closed', text: details.past_due ? 'Not answered in time' : 'Closed' };
  if (!awaitsResponse(status)) return { urgency: 'answered', text: 'Evidence submitted' };
  const left = Date.parse(details.due_by) - now;
  if (left <= 0) return { urgency: 'overdue', flag: 'Overdue', text: `by ${duration(-left)}` };
  if (left < DUE_SOON_MS) return { urgency: 'soon', flag: 'Due soon', text: `${duration(left)} left` };
  return { urgency: 'open', text: `${duration(left)} left` };
}
