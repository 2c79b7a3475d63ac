import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { rangeOf } from '../model/balance-list';
import { aMovement, aSummary, fakeBalanceApi } from '../testing/fake-balance-api';
import { BalanceHistoryView } from './balance-history-view';

const PAGE = '/control/withdrawals/balance';
const LIST = 'GET /api/backend/balance-transactions';
const SUMMARY = 'GET /api/backend/balance-transactions/summary';

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

const render = (route = PAGE) =>
  renderWithProviders(
    <>
      <BalanceHistoryView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route },
  );

const older = [
  aMovement({
    id: 'txn_4',
    type: 'withdrawal',
    amount: '-50.00',
    fee: '0.00',
    net: '-50.00',
    source: 'WDxxxxxxxxxxxxxxxx',
    source_type: 'withdrawal',
    transaction_id: null,
  }),
];
const newest = [
  aMovement({
    id: 'txn_12',
    type: 'dispute_fee',
    amount: '0.00',
    fee: '15.00',
    net: '-15.00',
    source: 'dp_xxxxxxxxxxxxxxxx',
    source_type: 'dispute',
  }),
  aMovement({ id: 'txn_10' }),
];

test("shows this month's summary, by type, and the movements with their columns", async () => {
  const api = fakeBalanceApi([newest, older]);
  render();
  expect(await screen.findByTestId('opening-balance')).toHaveTextContent('$1,000.00');
  expect(screen.getByTestId('closing-balance')).toHaveTextContent('$1,046.80');
  expect(screen.getByTestId('movements-net')).toHaveTextContent('$46.80');
  const byType = screen.getByRole('table', { name: 'Movements by type' });
  expect(
    within(byType)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['TypeCountAmountFeeNet', 'Payment1$100.00$0.00$100.00', 'Payment fee1$0.00$3.20-$3.20', 'Withdrawal1-$50.00$0.00-$50.00']);
  const movements = await screen.findByRole('table', { name: 'Balance movements' });
  expect(
    within(movements)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Date', 'Type', 'Amount', 'Fee', 'Net', 'Source', 'ID']);
  expect(within(movements).getByText('Dispute fee')).toBeInTheDocument();
  expect(within(movements).getByRole('link', { name: 'dp_xxxxxxxxxxxxxxxx' })).toHaveAttribute(
    'href',
    '/control/transactions/TXNxxxxxxxxxxxxxxxx',
  );
  // The summary and the list read the same range: this month so far, in the browser's days.
  const range = rangeOf({ from: '', to: '' });
  expect(api.queriesTo(SUMMARY)[0]).toEqual(range);
  expect(api.queriesTo(LIST)[0]).toEqual({ ...range, limit: '25' });
});

test('keeps the range, the filters and the page in the address, and pages by keyset', async () => {
  const api = fakeBalanceApi([newest, older]);
  const user = userEvent.setup();
  render(`${PAGE}?from=2026-01-01&to=2026-01-31`);
  await screen.findByRole('table', { name: 'Balance movements' });
  await user.click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(address().get('before')).toBe('txn_10'));
  expect(await screen.findByText('WDxxxxxxxxxxxxxxxx')).toBeInTheDocument();
  expect(api.queriesTo(LIST).at(-1)).toMatchObject({ before: 'txn_10' });
  expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Newer' }));
  await waitFor(() => expect(address().get('before')).toBeNull());
  await chooseOption(screen.getByRole('combobox', { name: 'Type' }), 'Dispute fee', user);
  await waitFor(() => expect(address().get('type')).toBe('dispute_fee'));
  expect(api.queriesTo(LIST).at(-1)).toMatchObject({ type: 'dispute_fee', from: rangeOf({ from: '2026-01-01', to: '2026-01-31' })!.from });
  await user.type(screen.getByRole('textbox', { name: 'Source' }), 'dp_xxxxxxxxxxxxxxxx');
  await waitFor(() => expect(address().get('source')).toBe('dp_xxxxxxxxxxxxxxxx'));
  expect([address().get('from'), address().get('to')]).toEqual(['2026-01-01', '2026-01-31']);
});

test('arrives from a withdrawal with its own movements over its days', async () => {
  const api = fakeBalanceApi([older]);
  render(`${PAGE}?withdrawal=WDxxxxxxxxxxxxxxxx&from=2026-03-01&to=2026-03-03`);
  expect(await screen.findByText('WDxxxxxxxxxxxxxxxx')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Withdrawal' })).toHaveValue('WDxxxxxxxxxxxxxxxx');
  expect(screen.getByText('Summary, 2026-03-01 to 2026-03-03')).toBeInTheDocument();
  expect(api.queriesTo(LIST)[0]).toMatchObject({ withdrawal: 'WDxxxxxxxxxxxxxxxx', ...rangeOf({ from: '2026-03-01', to: '2026-03-03' }) });
});

test('says so when the last day is before the first, and asks the server nothing', async () => {
  const api = fakeBalanceApi();
  render(`${PAGE}?from=2026-03-05&to=2026-03-01`);
  expect(await screen.findByText('The last day of the range is before its first day.')).toBeInTheDocument();
  expect(api.calls).toEqual([]);
});

test('shows a range without movements as such', async () => {
  fakeBalanceApi(
    [[]],
    aSummary({
      types: aSummary().types.map((t) => ({ ...t, count: 0 })),
      movements: { count: 0, amount: '0.00', fee: '0.00', net: '0.00' },
    }),
  );
  render();
  expect(await screen.findByText('No movements in this range')).toBeInTheDocument();
  expect(await screen.findByText('No movements match these filters')).toBeInTheDocument();
});

test('exports the filtered movements as CSV and as a spreadsheet, with the range', async () => {
  const api = fakeBalanceApi();
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:x');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const user = userEvent.setup();
  render(`${PAGE}?from=2026-03-01&to=2026-03-31&type=payment`);
  await screen.findByRole('table', { name: 'Balance movements' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByText('Balance history exported to balance-history.csv.');
  await user.click(screen.getByRole('button', { name: 'Export Excel' }));
  await screen.findByText('Balance history exported to balance-history.xlsx.');
  expect(saved).toEqual(['balance-history.csv', 'balance-history.xlsx']);
  const range = rangeOf({ from: '2026-03-01', to: '2026-03-31' })!;
  expect(api.queriesTo('GET /api/backend/balance-transactions/export.csv')).toEqual([{ ...range, type: 'payment' }]);
  expect(api.queriesTo('GET /api/backend/balance-transactions/export.xlsx')).toEqual([{ ...range, type: 'payment' }]);
  click.mockRestore();
});

test("shows the server's reason when a spreadsheet would be too large", async () => {
  const api = fakeBalanceApi();
  api.replyWith('GET /api/backend/balance-transactions/export.xlsx', () => ({
    status: 422,
    body: {
      status: 'error',
      message: 'More than 50,000 movements: export a narrower range as a spreadsheet, or this one as CSV',
      code: 'unprocessable',
    },
  }));
  const user = userEvent.setup();
  render();
  await screen.findByRole('table', { name: 'Balance movements' });
  await user.click(screen.getByRole('button', { name: 'Export Excel' }));
  expect(await screen.findByText('Export Failed')).toBeInTheDocument();
  expect(screen.getByText(/More than 50,000 movements/)).toBeInTheDocument();
});
