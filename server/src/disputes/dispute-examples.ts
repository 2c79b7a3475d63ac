import { disputeEvidenceFields } from '@paydesk/shared/schemas/merchant-objects';

/** Examples of the disputes API's bodies for the OpenAPI document (/api/docs), given by `withExample`. */
const evidence = {
  ...Object.fromEntries(disputeEvidenceFields.map((field) => [field, null])),
  customer_name: 'Ada Lovelace',
  customer_email_address: 'ada@example.com',
  product_description: 'Analytical engine, delivered on 14 January',
  receipt: 'file_8KXQ2M4RTV7WZ3HJ9PNB5CDE',
};

const dispute = {
  object: 'dispute',
  id: 'dp_4Q7ZK2M9XP3RTV8WBN5CDEHJ',
  transaction_id: 'TXN4Q7ZK2M9XP3RTV8WB',
  amount: '120.50',
  fee: '15.00',
  currency: 'USD',
  reason: 'fraudulent',
  status: 'needs_response',
  evidence,
  evidence_details: { due_by: '2026-01-27T10:00:00.000Z', has_evidence: true, past_due: false, submission_count: 0 },
  created_at: '2026-01-20T10:00:00.000Z',
  updated_at: '2026-01-20T11:30:00.000Z',
};

export const disputeExamples = {
  dispute: { status: 'success', data: dispute },
  list: {
    status: 'success',
    data: { data: [dispute], current_page: 1, last_page: 1, per_page: 25, from: 1, to: 1, total: 1 },
  },
  update: {
    evidence: {
      customer_name: 'Ada Lovelace',
      customer_email_address: 'ada@example.com',
      product_description: 'Analytical engine, delivered on 14 January',
      receipt: 'file_8KXQ2M4RTV7WZ3HJ9PNB5CDE',
    },
    submit: false,
  },
  saved: { status: 'success', message: 'Evidence saved', data: dispute },
  closed: {
    status: 'success',
    message: 'Dispute accepted',
    data: { ...dispute, status: 'lost', updated_at: '2026-01-21T08:00:00.000Z' },
  },
  submitted: {
    status: 'error',
    message: 'Evidence was submitted already, and submitted evidence is final',
    code: 'dispute_evidence_submitted',
  },
  timeline: {
    status: 'success',
    data: [
      { type: 'dispute.created', created_at: '2026-01-20T10:00:00.000Z' },
      { type: 'dispute.funds_withdrawn', created_at: '2026-01-20T10:00:00.000Z' },
      { type: 'dispute.updated', created_at: '2026-01-20T11:30:00.000Z', has_evidence: true },
      { type: 'dispute.updated', created_at: '2026-01-21T09:00:00.000Z', status: 'under_review', has_evidence: true, submission_count: 1 },
      { type: 'dispute.closed', created_at: '2026-01-22T09:00:00.000Z', status: 'won', has_evidence: true, submission_count: 1 },
      { type: 'dispute.funds_reinstated', created_at: '2026-01-22T09:00:00.000Z', status: 'won', has_evidence: true, submission_count: 1 },
    ].map((entry) => ({ status: 'needs_response', has_evidence: false, submission_count: 0, amount: '120.50', fee: '15.00', ...entry })),
  },
  open: { reason: 'fraudulent', inquiry: false },
  opened: {
    status: 'success',
    message: 'Dispute opened',
    data: {
      ...dispute,
      evidence: Object.fromEntries(disputeEvidenceFields.map((field) => [field, null])),
      evidence_details: { ...dispute.evidence_details, has_evidence: false },
      updated_at: dispute.created_at,
    },
  },
};
