import { aDispute, hoursFromNow } from '@paydesk/shared/testing/dispute';
import { aTimeline } from '../testing/dispute';
import { timelineEvents } from './timeline';

const labels = (...args: Parameters<typeof timelineEvents>) => timelineEvents(...args).map((event) => event.label);

test('a dispute won: opened, its money taken, evidence saved and submitted, won, its amount back without the fee', () => {
  const won = aDispute({ status: 'won' });
  expect(
    labels(
      won,
      aTimeline(won, [
        ['dispute.created', 'needs_response'],
        ['dispute.funds_withdrawn', 'needs_response'],
        ['dispute.updated', 'needs_response', true],
        ['dispute.updated', 'under_review', true],
        ['dispute.closed', 'won', true],
        ['dispute.funds_reinstated', 'won', true],
      ]),
    ),
  ).toEqual([
    'Dispute opened',
    '$80.00 and the $15.00 fee taken from the balance',
    'Evidence saved',
    'Evidence submitted',
    'Won: the issuer decided for you',
    '$80.00 given back to the balance (the fee is kept)',
  ]);
});

test('a lost dispute says whether it was decided, accepted before its due date, or not answered by it', () => {
  const lost = aDispute({ status: 'lost', created_at: hoursFromNow(-10) });
  const closedAt = (hours: number) => [{ ...aTimeline(lost, [['dispute.closed', 'lost']])[0]!, created_at: hoursFromNow(hours) }];
  const withDue = (hours: number) => ({ ...lost, evidence_details: { ...lost.evidence_details, due_by: hoursFromNow(hours) } });
  const opened = aTimeline(lost, [['dispute.created', 'needs_response']]);
  expect(labels(withDue(5), [...opened, ...closedAt(-1)]).at(-1)).toBe('Accepted: closed as lost');
  expect(labels(withDue(-2), [...opened, ...closedAt(-1)]).at(-1)).toBe('Lost: not answered by the due date');
  const decided = aTimeline(lost, [
    ['dispute.created', 'needs_response'],
    ['dispute.updated', 'under_review', true],
    ['dispute.closed', 'lost', true],
  ]);
  expect(labels(lost, decided).at(-1)).toBe('Lost: the issuer decided against you');
});

test('an inquiry that became a dispute, and one closed in your favour; the due date follows while evidence is awaited', () => {
  const escalated = aDispute({ status: 'needs_response' });
  expect(
    labels(
      escalated,
      aTimeline(escalated, [
        ['dispute.created', 'warning_needs_response'],
        ['dispute.updated', 'warning_under_review', true],
        ['dispute.updated', 'needs_response', true],
        ['dispute.funds_withdrawn', 'needs_response', true],
      ]),
    ),
  ).toEqual([
    'Inquiry opened',
    'Evidence submitted',
    'The inquiry became a dispute',
    '$80.00 and the $15.00 fee taken from the balance',
    'Evidence due',
  ]);
  const closed = aDispute({ status: 'warning_closed' });
  expect(
    labels(
      closed,
      aTimeline(closed, [
        ['dispute.created', 'warning_needs_response'],
        ['dispute.updated', 'warning_under_review', true],
        ['dispute.closed', 'warning_closed', true],
      ]),
    ).at(-1),
  ).toBe('Inquiry closed in your favour');
});
