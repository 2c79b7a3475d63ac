import { aDispute } from '@paydesk/shared/testing/dispute';
import { duration, timeLeft } from './time-left';

const HOUR = 3_600_000;
const now = Date.parse('2026-03-10T12:00:00.000Z');
const dueIn = (hours: number, over = {}) =>
  timeLeft(
    aDispute({
      evidence_details: { due_by: new Date(now + hours * HOUR).toISOString(), has_evidence: false, past_due: false, submission_count: 0 },
      ...over,
    }),
    now,
  );

test('the largest unit that reads well, rounded down', () => {
  expect([
    duration(30_000),
    duration(45 * 60_000),
    duration(5 * HOUR),
    duration(5.5 * HOUR),
    duration(47.99 * HOUR),
    duration(73 * HOUR),
  ]).toEqual(['less than a minute', '45 min', '5 h', '5 h 30 min', '47 h 59 min', '3 days']);
});

test('overdue and due within 48 hours say so; further off is the time left; answered and closed say what they are', () => {
  expect(dueIn(-2)).toEqual({ urgency: 'overdue', flag: 'Overdue', text: 'by 2 h' });
  expect(dueIn(0)).toEqual({ urgency: 'overdue', flag: 'Overdue', text: 'by less than a minute' });
  expect(dueIn(47)).toEqual({ urgency: 'soon', flag: 'Due soon', text: '47 h left' });
  expect(dueIn(48)).toEqual({ urgency: 'open', text: '2 days left' });
  expect(dueIn(5, { status: 'warning_needs_response' })).toEqual({ urgency: 'soon', flag: 'Due soon', text: '5 h left' });
  expect(dueIn(5, { status: 'under_review' })).toEqual({ urgency: 'answered', text: 'Evidence submitted' });
  expect(dueIn(-5, { status: 'won' })).toEqual({ urgency: 'closed', text: 'Closed' });
});
