import { disputeEvidenceFields, type DisputeEvidence, type DisputeObject } from '../schemas/merchant-objects';

const HOUR = 3_600_000;

/** An instant `hours` from now (before it when negative), as the API writes times. */
export const hoursFromNow = (hours: number): string => new Date(Date.now() + hours * HOUR).toISOString();

export const noEvidence = (): DisputeEvidence => Object.fromEntries(disputeEvidenceFields.map((field) => [field, null])) as DisputeEvidence;

/** A dispute waiting for evidence, due in ten days, as the API answers it; `over` changes it. */
export const aDispute = (over: Partial<DisputeObject> = {}): DisputeObject => ({
  object: 'dispute',
  id: 'dp_xxxxxxxxxxxxxxxxxxxx0001',
  transaction_id: 'TXNXXXXXXXXXXXXXX01',
  amount: '80.00',
  fee: '15.00',
  currency: 'USD',
  reason: 'fraudulent',
  status: 'needs_response',
  evidence: noEvidence(),
  evidence_details: { due_by: hoursFromNow(240), has_evidence: false, past_due: false, submission_count: 0 },
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});
