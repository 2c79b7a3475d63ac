import type { DisputeTimelineEntry } from '@paydesk/shared/schemas/dispute';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { fakeApi, type FakeApi, type Handler } from '@paydesk/shared/testing/fake-api';

const HOUR = 3_600_000;

/** The dispute's events as the timeline call answers them: `[type, status, hasEvidence?]` each. */
export const aTimeline = (
  dispute: DisputeObject,
  events: readonly [DisputeTimelineEntry['type'], DisputeTimelineEntry['status'], boolean?][],
): DisputeTimelineEntry[] =>
  events.map(([type, status, hasEvidence = false], index) => ({
    type,
    status,
    created_at: new Date(Date.parse(dispute.created_at) + index * HOUR).toISOString(),
    has_evidence: hasEvidence,
    submission_count: status.endsWith('under_review') ? 1 : 0,
    amount: dispute.amount,
    fee: dispute.fee,
  }));

const page = (rows: DisputeObject[]) => ({
  status: 'success',
  data: {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: rows.length ? 1 : null,
    to: rows.length || null,
    total: rows.length,
  },
});

/**
 * The back office's disputes calls over a list of disputes: the list (every query answered with
 * them all), each dispute and its timeline (its opening only, unless given); `more` adds routes.
 */
export function fakeDisputesApi(
  disputes: DisputeObject[],
  more: Record<string, Handler> = {},
  timelines: Record<string, DisputeTimelineEntry[]> = {},
): FakeApi {
  return fakeApi({
    'GET /api/backend/disputes': () => ({ body: page(disputes) }),
    'GET /api/backend/disputes/:id': ({ params }) => {
      const found = disputes.find((d) => d.id === params.id);
      return found
        ? { body: { status: 'success', data: found } }
        : { status: 404, body: { status: 'error', message: 'No dispute has this id', code: 'not_found' } };
    },
    'GET /api/backend/disputes/:id/timeline': ({ params }) => {
      const found = disputes.find((d) => d.id === params.id)!;
      return { body: { status: 'success', data: timelines[found.id] ?? aTimeline(found, [['dispute.created', found.status]]) } };
    },
    ...more,
  });
}
