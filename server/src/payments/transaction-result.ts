import { CHALLENGE_PROCESSOR, CHALLENGE_REDIRECT_CODE, DEMO_THREE_DS_TYPE } from '@paydesk/shared/schemas/public-api';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import type { TransactionStatus } from '@paydesk/shared/schemas/transaction';
import escapeHtml from 'escape-html';
import { centsToDecimal } from '@paydesk/shared/money';
import type { PaymentRow } from './payments-repository';

export const SANDBOX_PROCESSOR = 'sandbox';

/** The issuer's challenge form (PAY-09): one POST form the payer page submits into a frame. */
export const challengeForm = (challengeOrigin: string, transactionId: string): string =>
  `<form method="post" action="${escapeHtml(`${challengeOrigin}/api/sandbox/acs/challenge`)}">` +
  `<input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}"></form>`;

/** What the result reads of a payment: a stored row, or a new payment about to be stored (NewPayment). */
type ResultOf = Pick<
  PaymentRow,
  | 'transaction_id'
  | 'order_id'
  | 'checkout_reference'
  | 'email'
  | 'amount_cents'
  | 'status'
  | 'processor'
  | 'response_message'
  | 'challenge'
>;

type Answer = Pick<TransactionResult, 'status' | 'statusOk' | 'paymentCompleted' | 'processor' | 'response_content'>;

/** What the payer reads when the row carries no message of its own. */
const fallbackMessages: Record<TransactionStatus, string> = {
  completed: 'Payment successful',
  success: 'Payment successful',
  failed: 'Your card was declined.',
  pending: 'Your payment is being processed by the bank.',
  refunded: 'This payment was refunded.',
  disputed: 'This payment is disputed.',
  voided: 'This payment was voided. You were not charged.',
};

function answerFor(row: ResultOf, challengeOrigin: string): Answer {
  const plain = (code: string) => ({ code, redirectHtml: null, data: null });
  switch (row.status) {
    // Both words mean a successful payment (the details page shows both as success); the payer reads one.
    case 'completed':
    case 'success':
      return { status: 'completed', statusOk: true, paymentCompleted: true, processor: row.processor, response_content: plain('00') };
    case 'failed':
      return { status: 'failed', statusOk: false, paymentCompleted: false, processor: row.processor, response_content: plain('05') };
    // Paid once, then given back or contested: not a payment to ship on, so a payer page ends on its failure page with the row's message.
    case 'refunded':
      return { status: 'refunded', statusOk: true, paymentCompleted: false, processor: row.processor, response_content: plain('RF') };
    case 'disputed':
      return { status: 'disputed', statusOk: true, paymentCompleted: false, processor: row.processor, response_content: plain('CB') };
    // Authorised, then voided because its checkout was paid by another payment: nothing charged.
    case 'voided':
      return { status: 'voided', statusOk: false, paymentCompleted: false, processor: row.processor, response_content: plain('VOID') };
    case 'pending':
      break;
  }
  if (row.challenge === 'acs') {
    return {
      status: 'pending_3d',
      statusOk: true,
      paymentCompleted: false,
      processor: CHALLENGE_PROCESSOR,
      response_content: { code: CHALLENGE_REDIRECT_CODE, redirectHtml: challengeForm(challengeOrigin, row.transaction_id), data: null },
    };
  }
  if (row.challenge === 'demo') {
    return {
      status: 'pending_3d',
      statusOk: true,
      paymentCompleted: false,
      processor: row.processor,
      response_content: { code: 'D0', redirectHtml: null, data: { type: DEMO_THREE_DS_TYPE, script: null } },
    };
  }
  return { status: 'pending', statusOk: true, paymentCompleted: false, processor: row.processor, response_content: plain('01') };
}

/** The transaction result (DATA-04) for a stored payment, as it stands now. */
export function transactionResult(row: ResultOf, challengeOrigin: string): TransactionResult {
  return {
    ...answerFor(row, challengeOrigin),
    customerReference: row.email,
    transactionReference: row.order_id,
    payment_amount: centsToDecimal(row.amount_cents),
    transaction_id: row.transaction_id,
    order_id: row.order_id,
    response_message: row.response_message ?? fallbackMessages[row.status],
    checkout_request: row.checkout_reference ? { reference: row.checkout_reference } : null,
  };
}
