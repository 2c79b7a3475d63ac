import type { ListField, ListFields } from '@paydesk/shared/list-state';
import { sizeField, textField } from '@paydesk/shared/list-state';
import {
  BALANCE_PAGE_SIZES,
  BALANCE_TRANSACTION_ID,
  balanceTransactionTypeLabels,
  balanceTransactionTypes,
  type BalanceTransactionType,
} from '@paydesk/shared/schemas/balance';
import { localDate } from '../../../lib/balance-history-address';
import type { BalancePageSize, MovementFilterArgs } from '../api/balance-api';

/** How many newer pages' cursors the address keeps: beyond them, Newer goes to the newest page. */
const MAX_NEWER = 50;

/**
 * Balance history in the address (docs/decisions/list-state-in-the-address.md): the days of the
 * range (`from`, `to`, both included, in the browser's time zone; this month when absent), the
 * list's filters, its page size and its keyset position: the movement the page starts after
 * (`before`) and those of the newer pages reached (`newer`).
 */
export interface BalanceListState {
  from: string;
  to: string;
  type: BalanceTransactionType | '';
  source: string;
  withdrawal: string;
  limit: BalancePageSize;
  before: string | undefined;
  newer: readonly string[];
}

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(new Date(`${text}T00:00:00`).getTime());

/** A day (`2026-03-01`); '' when absent. */
const dateField = (): ListField<string> => ({ fallback: '', parse: (text) => (isDate(text) ? text : undefined) });

const isMovementId = (text: string) => BALANCE_TRANSACTION_ID.test(text);

/** A movement id as a keyset cursor; dropped when any other field changes. */
const movementCursorField = (): ListField<string | undefined> => ({
  fallback: undefined,
  parse: (text) => (isMovementId(text) ? text : undefined),
  format: (value) => value,
  position: true,
});

/** The cursors of the newer pages, comma-separated, at most MAX_NEWER; dropped when any other field changes. */
const movementCursorsField = (): ListField<readonly string[]> => ({
  fallback: [],
  parse: (text) => {
    const cursors = text.split(',');
    return cursors.every(isMovementId) ? cursors.slice(-MAX_NEWER) : undefined;
  },
  format: (cursors) => cursors.slice(-MAX_NEWER).join(','),
  position: true,
});

export const parseType = (value: string): BalanceTransactionType | '' =>
  (balanceTransactionTypes as readonly string[]).includes(value) ? (value as BalanceTransactionType) : '';

export const balanceListFields: ListFields<BalanceListState> = {
  from: dateField(),
  to: dateField(),
  type: { fallback: '', parse: parseType },
  source: textField(64),
  withdrawal: textField(64),
  limit: sizeField(BALANCE_PAGE_SIZES, 25),
  before: movementCursorField(),
  newer: movementCursorsField(),
};

/** The type filter's choices; `all` stands for no type, since a select shows no text for an empty value. */
export const typeOptions: readonly { value: BalanceTransactionType | 'all'; label: string }[] = [
  { value: 'all', label: 'All types' },
  ...balanceTransactionTypes.map((type) => ({ value: type, label: balanceTransactionTypeLabels[type] })),
];

/** The range's first and last day: this month so far when the address names none. */
export function daysOf({ from, to }: Pick<BalanceListState, 'from' | 'to'>, today = new Date()): { first: string; last: string } {
  return { first: from || localDate(new Date(today.getFullYear(), today.getMonth(), 1)), last: to || localDate(today) };
}

/** The start of a day in the browser's time zone, as an ISO instant. */
const startOf = (day: string, addDays = 0): string => {
  const at = new Date(`${day}T00:00:00`);
  at.setDate(at.getDate() + addDays);
  return at.toISOString();
};

/**
 * The range as the server reads it: from the start of the first day to the start of the day after
 * the last (`to` is not included), or undefined when the last day is before the first.
 */
export function rangeOf(state: Pick<BalanceListState, 'from' | 'to'>, today = new Date()): { from: string; to: string } | undefined {
  const { first, last } = daysOf(state, today);
  if (last < first) return undefined;
  return { from: startOf(first), to: startOf(last, 1) };
}

/** The list's filters as sent, within the range. */
export const filterArgs = (state: BalanceListState, range: { from: string; to: string }): MovementFilterArgs => ({
  from: range.from,
  to: range.to,
  type: state.type,
  source: state.source,
  withdrawal: state.withdrawal,
});
