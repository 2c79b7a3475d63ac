import { centsToDollars, numberToCents } from '@paydesk/shared/money';
import type { DisputeEvidenceUpdate, OpenDisputeRequest, UpdateDisputeRequest } from '@paydesk/shared/schemas/dispute';
import {
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  type DisputeObject,
  type DisputeReason,
  type DisputeStatus,
} from '@paydesk/shared/schemas/merchant-objects';
import { DISPUTE_OPENED_EVENT, disputeEventTypes, disputeFundsEventTypes } from '@paydesk/shared/schemas/webhooks';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import { isUniqueViolation, type Db } from '../db/db';
import { conflict, invalid, notFound, type DomainError } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { LOSING_EVIDENCE, WINNING_EVIDENCE } from '../payments/sandbox-processor';
import { SUCCESSFUL_STATUSES } from '../payments/transaction-statuses';
import { postDispute } from '../wallet/ledger';
import { recordEvent } from '../webhooks/outbox';
import {
  changeDispute,
  evidenceFilesAmong,
  findDispute,
  insertDispute,
  lockPayment,
  setPaymentStatus,
  wasDisputed,
  type DisputeChange,
  type DisputedPayment,
  type DisputeRow,
} from './disputes-repository';

/** The timings and the fee of config.ts that a dispute's changes read. */
export interface DisputeSettings {
  responseSeconds: number;
  decisionSeconds: number;
  feeCents: number;
}

/** Who acts on a dispute: a staff member, or null for the merchant API and the sandbox issuer; `audit` is null for the issuer. */
export interface DisputeActor {
  userId: number | null;
  audit: AuditWho | null;
}

export const newDisputeId = () => randomId('dp_', 24);

const CLOSED: readonly DisputeStatus[] = ['warning_closed', 'won', 'lost'];
const UNDER_REVIEW: readonly DisputeStatus[] = ['warning_under_review', 'under_review'];
const isInquiry = (status: DisputeStatus) => status.startsWith('warning_');

/** Writes the event of a dispute's new status (disputeEventTypes), with the object as it now stands. */
const tellOfStatus = (tx: Db, row: DisputeRow) => recordEvent(tx, disputeEventTypes[row.status], row.object);

/** Takes the dispute's amount and fee from the balance (DSP-09), with dispute.funds_withdrawn. */
async function withdrawFunds(tx: Db, row: DisputeRow): Promise<void> {
  await postDispute(tx, row.id, 'dispute_funds_withdrawn', row.amount_cents);
  if (row.fee_cents > 0) await postDispute(tx, row.id, 'dispute_fee', row.fee_cents);
  await recordEvent(tx, disputeFundsEventTypes.withdrawn, row.object);
}

/** Why a payment cannot be disputed for the amount asked, as the 409 the caller reads (DSP-07). */
function refusal(payment: DisputedPayment, disputedBefore: boolean, wanted: number | null): DomainError | undefined {
  if (payment.status === 'disputed' || disputedBefore) {
    return conflict('This payment has been disputed already: a payment is disputed once', 'payment_not_disputable');
  }
  if (payment.status === 'refunded') return conflict('This payment is refunded in full: it cannot be disputed', 'payment_not_disputable');
  if (!SUCCESSFUL_STATUSES.includes(payment.status)) {
    return conflict(`Only a successful payment can be disputed; this one is ${payment.status}`, 'payment_not_disputable');
  }
  const left = payment.amount_cents - payment.refunded_cents;
  if (left <= 0) return conflict('Nothing of this payment is left after its refunds: it cannot be disputed', 'payment_not_disputable');
  if (wanted !== null && wanted > left) {
    return conflict(`Only ${centsToDollars(left)} of this payment is left after its refunds to dispute`, 'payment_not_disputable');
  }
  return undefined;
}

export interface OpenedBy {
  /** The staff member (demo mode), or null for the sandbox issuer. */
  userId: number | null;
  audit: AuditWho | null;
}

/**
 * Opens a dispute, or an inquiry, on a successful payment (DSP-02, DSP-03), in the caller's
 * transaction. The payment's row is locked first: two disputes of one payment, or a dispute and a
 * refund, take turns on it, and the second sees what the first did. A dispute takes its amount
 * (what is left after refunds, or less) and its fee from the balance at once; an inquiry moves no
 * money. The payment shows `disputed` while the dispute is open (DSP-13).
 */
export async function openDispute(
  tx: Db,
  settings: DisputeSettings,
  by: OpenedBy,
  transactionId: string,
  body: OpenDisputeRequest,
): Promise<DisputeObject> {
  const payment = await lockPayment(tx, transactionId);
  if (!payment) throw notFound('No payment has this transaction_id');
  const wanted = body.amount === undefined ? null : numberToCents(body.amount);
  const refused = refusal(payment, await wasDisputed(tx, transactionId), wanted);
  if (refused) throw refused;
  const inquiry = body.inquiry === true;
  let row: DisputeRow;
  try {
    row = await insertDispute(tx, {
      id: newDisputeId(),
      transactionId,
      amountCents: wanted ?? payment.amount_cents - payment.refunded_cents,
      feeCents: inquiry ? 0 : settings.feeCents,
      reason: body.reason,
      status: inquiry ? 'warning_needs_response' : 'needs_response',
      paymentStatus: payment.status as 'completed' | 'success',
      responseSeconds: settings.responseSeconds,
      openedBy: by.userId,
    });
  } catch (error) {
    // The payment's lock makes this unreachable; the index stays the last word should anything get past it.
    if (isUniqueViolation(error)) throw conflict('This payment has an open dispute already', 'payment_not_disputable');
    throw error;
  }
  await setPaymentStatus(tx, transactionId, 'disputed');
  await recordEvent(tx, DISPUTE_OPENED_EVENT, row.object);
  if (!inquiry) await withdrawFunds(tx, row);
  if (by.audit) {
    await recordAudit(tx, {
      action: 'dispute.opened',
      who: by.audit,
      target: { type: 'dispute', id: row.id },
      changes: values({ transaction_id: transactionId, amount_cents: row.amount_cents, reason: row.reason, status: row.status }),
    });
  }
  return row.object;
}

/**
 * Locks a dispute for a change: its payment's row first, then its own, the order every path takes
 * (docs/decisions/lock-order.md), and reads it again under the lock.
 */
async function lockDispute(tx: Db, id: string): Promise<DisputeRow> {
  const seen = id.startsWith('dp_') ? await findDispute(tx, id) : undefined;
  if (!seen) throw notFound(id.startsWith('dp_') ? 'No dispute has this id' : 'No dispute has this id: dispute ids start with dp_');
  await lockPayment(tx, seen.transaction_id);
  return (await findDispute(tx, id, true))!;
}

/** Why a dispute takes no evidence now (DSP-07), or undefined. */
function evidenceRefusal(row: DisputeRow): DomainError | undefined {
  if (CLOSED.includes(row.status)) return conflict(`This dispute is closed (${row.status}): it takes no more evidence`, 'dispute_closed');
  if (UNDER_REVIEW.includes(row.status)) {
    return conflict('Evidence was submitted already, and submitted evidence is final', 'dispute_evidence_submitted');
  }
  if (row.past_due_now) {
    return conflict(`The dispute was due by ${row.object.evidence_details.due_by}: it takes no more evidence`, 'dispute_past_due');
  }
  return undefined;
}

/** The saved evidence with the fields given: an empty text clears a field. */
function mergedEvidence(saved: Record<string, string>, given: DisputeEvidenceUpdate): Record<string, string> {
  const evidence = { ...saved };
  for (const [field, value] of Object.entries(given) as [string, string | undefined][]) {
    if (value === undefined) continue;
    if (value === '') delete evidence[field];
    else evidence[field] = value;
  }
  return evidence;
}

/** The sandbox issuer's decision on submitted evidence (DSP-04): its test words decide at once, anything else loses later. */
function issuerDecision(evidence: Record<string, string>, decisionSeconds: number): { decision: 'won' | 'lost'; decideSeconds: number } {
  const texts = disputeEvidenceTextFields.map((field) => evidence[field] ?? '');
  if (texts.some((text) => text.includes(LOSING_EVIDENCE))) return { decision: 'lost', decideSeconds: 0 };
  if (texts.some((text) => text.includes(WINNING_EVIDENCE))) return { decision: 'won', decideSeconds: 0 };
  return { decision: 'lost', decideSeconds: decisionSeconds };
}

/**
 * Saves evidence on an open dispute and, with `submit`, submits it to the issuer (DSP-07): an
 * inquiry or a dispute waiting for an answer before its due date takes evidence; submitted
 * evidence is final. File fields must name files uploaded for dispute evidence.
 */
export async function updateDispute(
  tx: Db,
  settings: DisputeSettings,
  actor: DisputeActor,
  id: string,
  body: UpdateDisputeRequest,
): Promise<DisputeObject> {
  const row = await lockDispute(tx, id);
  const given = body.evidence ?? {};
  const fields = Object.keys(given).filter((field) => given[field as keyof DisputeEvidenceUpdate] !== undefined);
  if (fields.length === 0 && body.submit !== true) return row.object;
  const refused = evidenceRefusal(row);
  if (refused) throw refused;
  const files = disputeEvidenceFileFields.map((field) => given[field]).filter((value): value is string => !!value);
  const known = await evidenceFilesAmong(tx, files);
  const unknown = files.find((file) => !known.has(file));
  if (unknown) throw invalid(`No file uploaded for dispute evidence has the id ${unknown}`);
  const evidence = mergedEvidence(row.evidence, given);
  const change: DisputeChange = { evidence };
  if (body.submit === true) {
    if (Object.keys(evidence).length === 0) throw invalid('Give some evidence before submitting it');
    change.status = isInquiry(row.status) ? 'warning_under_review' : 'under_review';
    change.submitted = issuerDecision(evidence, settings.decisionSeconds);
  }
  const changed = await changeDispute(tx, row.id, change);
  await tellOfStatus(tx, changed);
  if (actor.audit) {
    await recordAudit(tx, {
      action: body.submit === true ? 'dispute.evidence_submitted' : 'dispute.evidence_saved',
      who: actor.audit,
      target: { type: 'dispute', id: row.id },
      changes: values({ transaction_id: row.transaction_id, evidence_fields: fields, status: changed.status }),
    });
  }
  return changed.object;
}

/**
 * Accepts a dispute (DSP-07): a dispute waiting for an answer is lost at once, moving no more
 * money; an inquiry closes, and its payment gets its status back. Under review or closed, it is
 * refused.
 */
export async function closeDispute(tx: Db, actor: DisputeActor, id: string): Promise<DisputeObject> {
  const row = await lockDispute(tx, id);
  if (CLOSED.includes(row.status)) throw conflict(`This dispute is closed already (${row.status})`, 'dispute_closed');
  if (UNDER_REVIEW.includes(row.status)) {
    throw conflict(
      'Evidence was submitted: the issuer is deciding, and the dispute can no longer be accepted',
      'dispute_evidence_submitted',
    );
  }
  const inquiry = isInquiry(row.status);
  const closed = await changeDispute(tx, row.id, { status: inquiry ? 'warning_closed' : 'lost', closed: true });
  if (inquiry) await setPaymentStatus(tx, row.transaction_id, row.payment_status);
  await tellOfStatus(tx, closed);
  if (actor.audit) {
    await recordAudit(tx, {
      action: 'dispute.accepted',
      who: actor.audit,
      target: { type: 'dispute', id: row.id },
      changes: values({ transaction_id: row.transaction_id, status: closed.status }),
    });
  }
  return closed.object;
}

/**
 * An inquiry becomes a dispute (DSP-05): its amount and the fee leave the balance now, and it
 * waits for evidence again until a new due date.
 */
async function escalate(tx: Db, settings: DisputeSettings, row: DisputeRow): Promise<void> {
  const dispute = await changeDispute(tx, row.id, {
    status: 'needs_response',
    feeCents: settings.feeCents,
    reopened: { responseSeconds: settings.responseSeconds },
  });
  await tellOfStatus(tx, dispute);
  await withdrawFunds(tx, dispute);
}

/**
 * A dispute or inquiry not answered by its due date (DSP-05): a dispute is lost, an inquiry
 * becomes a dispute. The caller holds the dispute's and its payment's rows.
 */
export async function passDueDate(tx: Db, settings: DisputeSettings, row: DisputeRow): Promise<void> {
  if (row.status === 'warning_needs_response') return escalate(tx, settings, row);
  if (row.status !== 'needs_response') return;
  await tellOfStatus(tx, await changeDispute(tx, row.id, { status: 'lost', closed: true }));
}

/**
 * The issuer's decision on submitted evidence (DSP-04): a won dispute gives its amount back (not
 * the fee) and its payment its status; a lost one moves nothing more. An inquiry decided for the
 * merchant closes; against, it becomes a dispute. The caller holds the dispute's and its payment's rows.
 */
export async function decide(tx: Db, settings: DisputeSettings, row: DisputeRow): Promise<void> {
  if (!UNDER_REVIEW.includes(row.status) || row.decision === null) return;
  const won = row.decision === 'won';
  if (row.status === 'warning_under_review' && !won) return escalate(tx, settings, row);
  const status: DisputeStatus = row.status === 'warning_under_review' ? 'warning_closed' : won ? 'won' : 'lost';
  const closed = await changeDispute(tx, row.id, { status, closed: true });
  if (won) await setPaymentStatus(tx, row.transaction_id, row.payment_status);
  await tellOfStatus(tx, closed);
  if (status === 'won') {
    await postDispute(tx, row.id, 'dispute_funds_reinstated', row.amount_cents);
    await recordEvent(tx, disputeFundsEventTypes.reinstated, closed.object);
  }
}

/** The reason the sandbox issuer gives the disputes of its test cards. */
export const SANDBOX_DISPUTE_REASON: DisputeReason = 'fraudulent';
