import type { Transaction } from '@paydesk/shared/schemas/transaction';

/**
 * The Failure Reason box (TXN-11): the response message, else the debug message at either
 * nesting. Only failed transactions have one; an "Approved" message is not a failure reason.
 */
export function failureReason(t: Pick<Transaction, 'status' | 'response' | 'response_content'>): string | null {
  if (t.status.toLowerCase() !== 'failed') return null;
  const candidates = [t.response?.message, t.response_content?.debugMessage, t.response_content?.response_content?.debugMessage];
  return candidates.find((text): text is string => typeof text === 'string' && text.trim().length > 0) ?? null;
}
