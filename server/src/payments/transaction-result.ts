import { CHALLENGE_PROCESSOR, CHALLENGE_REDIRECT_CODE, DEMO_THREE_DS_TYPE } from '@paydesk/shared/schemas/public-api';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import escapeHtml from 'escape-html';
import { toWireMoney } from '../http/wire-money';
import type { PaymentRow } from './payments-repository';

export const SANDBOX_PROCESSOR = 'sandbox';

/** The issuer's challenge form (spec point 4): one POST form the payer page submits into a frame. */
export const challengeForm = (challengeOrigin: string, transactionId: string): string =>
  `<form method="post" action="${escapeHtml(`${challengeOrigin}/api/sandbox/acs/challenge`)}">` +
  `<input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}"></form>`;

type Answer = Pick<TransactionResult, 'status' | 'statusOk' | 'paymentCompleted' | 'processor' | 'response_content'>;

function answerFor(row: PaymentRow, challengeOrigin: string): Answer {
  const plain = (code: string) => ({ code, redirectHtml: null, data: null });
  if (row.status === 'completed') return { status: 'completed', statusOk: true, paymentCompleted: true, processor: row.processor, response_content: plain('00') };
  if (row.status === 'failed') return { status: 'failed', statusOk: false, paymentCompleted: false, processor: row.processor, response_content: plain('05') };
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

/** The transaction result of point 3 for a stored payment, as it stands now. */
export function transactionResult(row: PaymentRow, challengeOrigin: string): TransactionResult {
  return {
    ...answerFor(row, challengeOrigin),
    customerReference: row.email,
    transactionReference: row.order_id,
    payment_amount: toWireMoney(row.amount_cents),
    transaction_id: row.transaction_id,
    order_id: row.order_id,
    response_message: row.response_message,
    checkout_request: row.checkout_reference ? { reference: row.checkout_reference } : null,
  };
}
