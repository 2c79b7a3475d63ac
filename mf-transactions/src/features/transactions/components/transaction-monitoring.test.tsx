import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { cardNumberSeparators, grouped, showsCardNumber } from '@paydesk/shared/testing/card-number-forms';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { fakeApi, ok, pageOf } from '../../../testing/fake-api';
import { downloadText } from '@paydesk/shared/csv';
import { CARD_NUMBER_SEARCH_MESSAGE } from '@paydesk/shared/schemas/transaction';
import { SEARCH_DEBOUNCE_MS, TransactionMonitoring } from './transaction-monitoring';

jest.mock('@paydesk/shared/csv', () => ({ ...jest.requireActual('@paydesk/shared/csv'), downloadText: jest.fn() }));

const LIST = 'GET /api/backend/all-transactions';
let api: ReturnType<typeof fakeApi>;
afterEach(() => jest.useRealTimers());

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const renderList = (route = '/control/transactions') =>
  renderWithProviders(
    <>
      <TransactionMonitoring />
      <Address />
    </>,
    { route, preloadedState: sessionOf(testUsers.admin) },
  );
const lastQuery = () => Object.fromEntries(api.callsTo(LIST).at(-1)!.searchParams);

test('?filter=disputed preselects Disputed and asks for it', async () => {
  api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 3)) });
  renderList('/control/transactions?filter=disputed');
  await screen.findByText('Showing 1 to 3 of 3 results');
  expect(lastQuery()).toEqual({ page: '1', per_page: '10', status: 'disputed' });
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Disputed');
});

test('shows the eight columns, pages, and goes back to page 1 when the page size or search changes', async () => {
  api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 42)) });
  renderList();
  await screen.findByText('Showing 1 to 10 of 42 results');
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers).toEqual(['Transaction ID', 'Customer', 'Amount', 'Payment Method', 'Switch Used', 'Status', 'Date', 'Actions']);
  expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);

  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await screen.findByText('Showing 21 to 30 of 42 results');
  fireEvent.click(screen.getByRole('button', { name: 'Last' }));
  await screen.findByText('Showing 41 to 42 of 42 results');

  await chooseOption(screen.getByRole('combobox', { name: 'Per page' }), '25');
  await screen.findByText('Showing 1 to 25 of 42 results');
  expect(lastQuery()).toEqual({ page: '1', per_page: '25' });

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Showing 26 to 42 of 42 results');
  fireEvent.change(screen.getByPlaceholderText('Search by customer name, email, or transaction ID...'), { target: { value: 'oli' } });
  fireEvent.change(screen.getByPlaceholderText('Search by customer name, email, or transaction ID...'), { target: { value: 'olivia' } });
  await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '25', search: 'olivia' }));
  expect(api.callsTo(LIST).some((u) => u.searchParams.get('search') === 'oli')).toBe(false);
});

test('the search is asked for once, 400 ms after the last change, and not before', async () => {
  api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 42)) });
  renderList();
  await screen.findByText('Showing 1 to 10 of 42 results');
  jest.useFakeTimers();
  const box = screen.getByPlaceholderText('Search by customer name, email, or transaction ID...');
  const asked = api.calls.length;
  fireEvent.change(box, { target: { value: 'oli' } });
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
  fireEvent.change(box, { target: { value: 'olivia' } });
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
  expect(api.calls.length).toBe(asked);
  act(() => jest.advanceTimersByTime(1));
  // Real time from here: waitFor would otherwise move the fake clock on past the 400 ms.
  jest.useRealTimers();
  await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '10', search: 'olivia' }));
  expect(api.calls.length).toBe(asked + 1);
});

test('a million-row list shows its range with thousands separators', async () => {
  api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 1_000_100)) });
  renderList();
  await screen.findByText('Showing 1 to 10 of 1,000,100 results');
  fireEvent.click(screen.getByRole('button', { name: 'Last' }));
  await screen.findByText('Showing 1,000,091 to 1,000,100 of 1,000,100 results');
});

test('Export downloads transactions.csv of the current page and says Export Complete', async () => {
  api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 12)) });
  const download = jest.mocked(downloadText);
  renderList();
  await screen.findByText('Showing 1 to 10 of 12 results');
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  await screen.findByText('Export Complete');
  const [name, text] = download.mock.calls[0]!;
  expect(name).toBe('transactions.csv');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('Transaction ID,Customer Name,Email,Amount,Status,Date');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
    Array.from({ length: 10 }, (_, i) => `PDROW${String(i + 1).padStart(5, '0')}`),
  );
});

test('a failed list shows the ERR-08 toast', async () => {
  api = fakeApi({ [LIST]: () => ({ status: 500, body: { status: 'error', message: 'Internal server error' } }) });
  renderList();
  expect(await screen.findByText('Failed to fetch transaction data.', { selector: '[data-testid="toast"] div' })).toBeInTheDocument();
});

describe("a payer's card number typed in the search", () => {
  const number = '4111111111111111';
  const searchBox = () => screen.getByPlaceholderText('Search by customer name, email, or transaction ID...') as HTMLInputElement;
  const expectNumberNowhere = () => {
    for (const url of api.calls) expect(showsCardNumber(url.href, number)).toBe(false);
    expect(showsCardNumber(screen.getByTestId('address').textContent ?? '', number)).toBe(false);
  };
  /** Passes the search's debounce at once: the tests below put fake timers in place of the wait. */
  const settle = () => act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

  test('with any separator, is never sent nor put in the address; the box says why and the list stays as it was', async () => {
    api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 42)) });
    renderList('/control/transactions?status=failed');
    await screen.findByText('Showing 1 to 10 of 42 results');
    jest.useFakeTimers();
    fireEvent.change(searchBox(), { target: { value: 'olivia' } });
    settle();
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '10', search: 'olivia', status: 'failed' }));
    const asked = api.calls.length;
    for (const [, separator] of cardNumberSeparators) {
      fireEvent.change(searchBox(), { target: { value: grouped(number, separator) } });
      settle();
      expect(screen.getByText(CARD_NUMBER_SEARCH_MESSAGE)).toBeInTheDocument();
    }
    expect(api.calls.length).toBe(asked);
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''))).toEqual({
      search: 'olivia',
      status: 'failed',
    });
    expect(screen.getByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
    expectNumberNowhere();

    fireEvent.change(searchBox(), { target: { value: 'smith' } });
    settle();
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', per_page: '10', search: 'smith', status: 'failed' }));
    expect(screen.queryByText(CARD_NUMBER_SEARCH_MESSAGE)).not.toBeInTheDocument();
    // Any request a card number had started would have been made before this one.
    expect(api.calls.length).toBe(asked + 1);
    expectNumberNowhere();
  });

  test('in an old link, is taken out of the address and never sent', async () => {
    api = fakeApi({ [LIST]: (url) => ok(pageOf(url, 3)) });
    renderList(`/control/transactions?search=${encodeURIComponent(grouped(number, '\u2009'))}&status=failed`);
    await screen.findByText('Showing 1 to 3 of 3 results');
    expect(screen.getByTestId('address').textContent).toBe('?status=failed');
    expect(lastQuery()).toEqual({ page: '1', per_page: '10', status: 'failed' });
    expectNumberNowhere();
  });
});
