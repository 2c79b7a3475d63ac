import { aCard } from '../testing/fake-cards-api';
import { expiryMonth, failureCount, lastUsed, pageRange } from './card-display';

test('Last Used is the newest use or Never; Failure Count is N/A when unknown; months have two digits', () => {
  expect(lastUsed(aCard({ transactions: [] }))).toBe('Never');
  expect(
    lastUsed(
      aCard({
        transactions: [
          { transaction_id: 'b', created_at: '2026-03-05T12:00:00.000Z' },
          { transaction_id: 'a', created_at: '2026-01-01T12:00:00.000Z' },
        ],
      }),
    ),
  ).toMatch(/^Mar 5, 2026/);
  expect(failureCount(aCard({ failure_count: null }))).toBe('N/A');
  expect(failureCount(aCard({ failure_count: 0 }))).toBe('0');
  expect(expiryMonth(aCard({ expiry_month: 3 }))).toBe('03');
});

test('the range of a page, and at least one page', () => {
  const cards = (n: number) => Array.from({ length: n }, (_, i) => aCard({ id: i + 1 }));
  expect(pageRange({ status: 'success', total: 42, page: 5, per_page: 10, data: cards(2) })).toEqual({ from: 41, to: 42, lastPage: 5 });
  expect(pageRange({ status: 'success', total: 0, page: 1, per_page: 10, data: [] })).toEqual({ from: null, to: null, lastPage: 1 });
});
