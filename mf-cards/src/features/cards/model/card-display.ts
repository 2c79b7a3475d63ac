import type { CardsResponse, PoolCard } from '@paydesk/shared/schemas/card';
import { formatDateTime } from '@paydesk/shared/format';

/** CARD-07: the last use is the newest of `transactions` (the API sends them newest first). */
export const lastUsed = (card: Pick<PoolCard, 'transactions'>): string => {
  const newest = card.transactions[0];
  return newest ? formatDateTime(newest.created_at) : 'Never';
};

export const failureCount = (card: Pick<PoolCard, 'failure_count'>): string =>
  card.failure_count === null ? 'N/A' : String(card.failure_count);

export const expiryMonth = (card: Pick<PoolCard, 'expiry_month'>): string => String(card.expiry_month).padStart(2, '0');

/** The pagination bar's figures for one page of the list. */
export function pageRange({ total, page, per_page, data }: CardsResponse) {
  const from = data.length > 0 ? (page - 1) * per_page + 1 : null;
  return {
    from,
    to: from === null ? null : from + data.length - 1,
    lastPage: Math.max(1, Math.ceil(total / per_page)),
  };
}
