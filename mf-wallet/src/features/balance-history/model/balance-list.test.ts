import { readListState } from '@paydesk/shared/list-state';
import { withdrawalMovementsAddress } from '../../../lib/balance-history-address';
import { newerPage, olderPage } from '@paydesk/shared/list-state';
import { balanceListFields, daysOf, rangeOf, type BalanceListState } from './balance-list';

const state = (query: string): BalanceListState => readListState(balanceListFields, new URLSearchParams(query));

test('the range is this month so far unless the address names its days, both included', () => {
  const today = new Date(2026, 2, 17, 15, 30);
  expect(daysOf(state(''), today)).toEqual({ first: '2026-03-01', last: '2026-03-17' });
  expect(daysOf(state('from=2026-01-05&to=2026-02-10'), today)).toEqual({ first: '2026-01-05', last: '2026-02-10' });
  // The end is the start of the day after the last: that whole day is in, the next not.
  expect(rangeOf(state('from=2026-01-05&to=2026-02-10'), today)).toEqual({
    from: new Date(2026, 0, 5).toISOString(),
    to: new Date(2026, 1, 11).toISOString(),
  });
  expect(rangeOf(state('from=2026-03-05&to=2026-03-05'), today)).toEqual({
    from: new Date(2026, 2, 5).toISOString(),
    to: new Date(2026, 2, 6).toISOString(),
  });
  expect(rangeOf(state('from=2026-03-05&to=2026-03-04'), today)).toBeUndefined();
});

test('reads only what parses: days, a type, movement ids as cursors', () => {
  expect(state('from=2026-13-01&to=yesterday&type=payout&before=TXN1&newer=txn_1,x&limit=30')).toMatchObject({
    from: '',
    to: '',
    type: '',
    before: undefined,
    newer: [],
    limit: 25,
  });
  expect(state('type=dispute_fee&before=txn_42&newer=txn_90,txn_70&limit=100')).toMatchObject({
    type: 'dispute_fee',
    before: 'txn_42',
    newer: ['txn_90', 'txn_70'],
    limit: 100,
  });
});

test('pages by keyset: Older keeps the page shown among the newer ones, Newer steps back', () => {
  const first = state('');
  const second = { ...first, ...olderPage(first, 'txn_90') };
  const third = { ...second, ...olderPage(second, 'txn_70') };
  expect([third.before, third.newer]).toEqual(['txn_70', ['txn_90']]);
  expect(newerPage(third)).toEqual({ before: 'txn_90', newer: [] });
  expect(newerPage({ ...second, ...newerPage(third) })).toEqual({ before: undefined, newer: [] });
});

test("a withdrawal's link opens its own movements over the days from its request to its settlement", () => {
  const address = withdrawalMovementsAddress(
    {
      transaction_id: 'WDxxxxxxxxxxxxxxxx',
      created_at: new Date(2026, 2, 1, 10).toISOString(),
      processed_at: new Date(2026, 2, 3, 9).toISOString(),
    },
    new Date(2026, 2, 20),
  );
  const [path, query] = address.split('?') as [string, string];
  expect(path).toBe('/control/withdrawals/balance');
  expect(state(query)).toMatchObject({ withdrawal: 'WDxxxxxxxxxxxxxxxx', from: '2026-03-01', to: '2026-03-03' });
  const pending = withdrawalMovementsAddress(
    { transaction_id: 'WDxxxxxxxxxxxxxxxx', created_at: new Date(2026, 2, 1, 10).toISOString(), processed_at: null },
    new Date(2026, 2, 20),
  );
  expect(state(pending.split('?')[1]!)).toMatchObject({ from: '2026-03-01', to: '2026-03-20' });
});
