import type { BalanceTransactionType } from '@paydesk/shared/schemas/balance';
import type { DisputePostingKind } from '../wallet/ledger';

/** Every kind of ledger posting (the check of ledger_postings, migrations 005, 021, 036 and 042). */
export type PostingKind =
  | 'payment'
  | 'payment_fee'
  | 'refund'
  | 'refund_returned'
  | 'withdrawal_requested'
  | 'withdrawal_paid_out'
  | 'withdrawal_returned'
  | DisputePostingKind;

/**
 * What each posting kind is as a balance transaction, or null for a kind that never moves
 * merchant_available: a paid-out withdrawal moves money from pending to the bank, after its
 * `withdrawal` movement already took it from the available balance. Migration 037's
 * balance_transaction_type() says the same in SQL; a test holds the two together.
 */
export const postingKindTypes = {
  payment: 'payment',
  payment_fee: 'payment_fee',
  refund: 'refund',
  refund_returned: 'refund_failure',
  dispute_funds_withdrawn: 'dispute',
  dispute_fee: 'dispute_fee',
  dispute_funds_reinstated: 'dispute_reversal',
  withdrawal_requested: 'withdrawal',
  withdrawal_returned: 'withdrawal_failure',
  withdrawal_paid_out: null,
} as const satisfies Record<PostingKind, BalanceTransactionType | null>;

const entries = Object.entries(postingKindTypes) as [PostingKind, BalanceTransactionType | null][];

/** The posting kinds of the given types (of every type when none is given). */
export const kindsOf = (types?: readonly BalanceTransactionType[]): PostingKind[] =>
  entries.filter(([, type]) => type !== null && (types === undefined || types.includes(type))).map(([kind]) => kind);

/**
 * The `source` of each posting a source object can have (ledger.ts writes them): a payment's
 * credit, a refund's two moves, a dispute's three. A withdrawal's name its number, not its
 * reference, so they are made once the reference is found (withdrawalSources).
 */
export const postingSourcesOf = (id: string): string[] => [
  `payment:${id}`,
  `payment:${id}:payment_fee`,
  `refund:${id}:refund`,
  `refund:${id}:refund_returned`,
  `dispute:${id}:dispute_funds_withdrawn`,
  `dispute:${id}:dispute_fee`,
  `dispute:${id}:dispute_funds_reinstated`,
];

/** The sources of a withdrawal's movements: its request, and its return when it failed. */
export const withdrawalSources = (withdrawalId: number): string[] => [
  `withdrawal:${withdrawalId}:withdrawal_requested`,
  `withdrawal:${withdrawalId}:withdrawal_returned`,
];
