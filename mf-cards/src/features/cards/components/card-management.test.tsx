import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '@paydesk/shared/format';
import { cardNumberSeparators, grouped, showsCardNumber } from '@paydesk/shared/testing/card-number-forms';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption, optionsOf } from '@paydesk/shared/testing/select';
import { aCard, answer, fakeCardsApi, someCards } from '../testing/fake-cards-api';
import { CardManagement, SEARCH_DEBOUNCE_MS } from './card-management';

let api: ReturnType<typeof fakeCardsApi>;
afterEach(() => jest.useRealTimers());

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const renderCards = (role: keyof typeof testUsers = 'admin', route = '/control/cards') =>
  renderWithProviders(
    <>
      <CardManagement />
      <Address />
    </>,
    { route, preloadedState: sessionOf(testUsers[role]) },
  );
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const rowOf = (number: string) => screen.getByRole('row', { name: new RegExp(number.replace(/\*/g, '\\*')) });

test('shows the title, Cards (total) and the CARD-04 columns with Never and N/A', async () => {
  api = fakeCardsApi([
    aCard({
      id: 1,
      card_number: '424242******4242',
      expiry_month: 4,
      failure_count: 2,
      transactions: [
        { transaction_id: 'PD2', created_at: '2026-03-05T12:00:00.000Z' },
        { transaction_id: 'PD1', created_at: '2026-03-02T12:00:00.000Z' },
      ],
    }),
    aCard({ id: 2, card_number: '555555******4444', card_brand: 'Mastercard', expiry_month: 11, status: 'blocked', failure_count: null }),
  ]);
  renderCards();
  await screen.findByText('Cards (2)');
  expect(screen.getByRole('heading', { name: 'Card Management' })).toBeInTheDocument();
  expect(screen.getByText('Manage and monitor card details')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Card Number',
    'CVV',
    'Expiry Month',
    'Expiry Year',
    'Status',
    'Created',
    'Last Used',
    'Failure Count',
    'Actions',
  ]);
  const created = formatDateTime('2026-03-01T10:00:00.000Z');
  const cells = (number: string) =>
    within(rowOf(number))
      .getAllByRole('cell')
      .map((c) => c.textContent);
  expect(cells('424242******4242')).toEqual([
    '424242******4242',
    '•••',
    '04',
    '2031',
    'active',
    created,
    formatDateTime('2026-03-05T12:00:00.000Z'),
    '2',
    'Block',
  ]);
  expect(cells('555555******4444')).toEqual(['555555******4444', '•••', '11', '2031', 'blocked', created, 'Never', 'N/A', 'Unblock']);
  expect(api.lists()).toEqual([{ page: '1', per_page: '10' }]);
  expect(screen.getByRole('button', { name: 'Upload Cards' })).toBeInTheDocument();
});

test('a viewer sees the list but no Upload Cards button and no Block or Unblock', async () => {
  api = fakeCardsApi([aCard({ id: 1 }), aCard({ id: 2, card_number: '555555******4444', status: 'blocked' })]);
  renderCards('viewer');
  await screen.findByText('Cards (2)');
  expect(screen.getAllByTestId('card-row')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Upload Cards' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^(Block|Unblock)$/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
});

test('Block changes the row only once the server accepts, then says Status Updated; Unblock turns it back', async () => {
  api = fakeCardsApi([aCard({ id: 7, card_number: '400000******0002' })]);
  renderCards();
  const user = userEvent.setup();
  await screen.findByText('Cards (1)');
  const release = api.pause('POST /api/backend/cards/7/status');
  await user.click(screen.getByRole('button', { name: 'Block' }));
  await waitFor(() => expect(api.posts()).toHaveLength(1));
  expect(within(rowOf('400000')).getByTestId('card-status').textContent).toBe('active');
  expect(within(rowOf('400000')).getByRole('button', { name: 'Block' })).toBeDisabled();

  act(release);
  expect(await screen.findByText('Card has been blocked successfully')).toBeInTheDocument();
  expect(screen.getByText('Status Updated')).toBeInTheDocument();
  expect(within(rowOf('400000')).getByTestId('card-status').textContent).toBe('blocked');
  expect(api.posts().map((c) => [c.url.pathname, c.body])).toEqual([['/api/backend/cards/7/status', { status: 'blocked' }]]);

  await user.click(within(rowOf('400000')).getByRole('button', { name: 'Unblock' }));
  expect(await screen.findByText('Card has been unblocked successfully')).toBeInTheDocument();
  expect(within(rowOf('400000')).getByTestId('card-status').textContent).toBe('active');
  expect(api.posts().at(-1)!.body).toEqual({ status: 'active' });
});

test('a refused status change shows Error / Failed to update card status and leaves the row as it was', async () => {
  api = fakeCardsApi([aCard({ id: 3, card_number: '400000******0002' })]);
  api.reply('POST /api/backend/cards/3/status', () => answer(500, { status: 'error', message: 'Internal server error' }));
  renderCards();
  await screen.findByText('Cards (1)');
  fireEvent.click(screen.getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('Failed to update card status')).toBeInTheDocument();
  expect(screen.getByText('Error')).toBeInTheDocument();
  expect(screen.getByTestId('card-status').textContent).toBe('active');
  expect(screen.queryByText('Status Updated')).not.toBeInTheDocument();
});

test('search, status, page and page size drive the request and the address; each filter goes back to page 1', async () => {
  api = fakeCardsApi(someCards(60));
  renderCards('admin', '/control/cards?page=2&per_page=25');
  await screen.findByText('Showing 26 to 50 of 60 results');
  expect(api.lists().at(-1)).toEqual({ page: '2', per_page: '25' });

  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await screen.findByText('Showing 51 to 60 of 60 results');
  expect(Object.fromEntries(address())).toEqual({ page: '3', per_page: '25' });

  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Blocked');
  await waitFor(() => expect(api.lists().at(-1)).toEqual({ page: '1', per_page: '25', status: 'blocked' }));
  expect(Object.fromEntries(address())).toEqual({ status: 'blocked', per_page: '25' });
  await screen.findByText('No cards found matching your criteria');
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'All Status');
  await screen.findByText('Showing 1 to 25 of 60 results');

  await chooseOption(screen.getByRole('combobox', { name: 'Per page' }), '50');
  await screen.findByText('Showing 1 to 50 of 60 results');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Showing 51 to 60 of 60 results');

  fireEvent.change(screen.getByPlaceholderText('Search cards...'), { target: { value: '00' } });
  fireEvent.change(screen.getByPlaceholderText('Search cards...'), { target: { value: '0042' } });
  await screen.findByText('Cards (1)');
  expect(api.lists().at(-1)).toEqual({ page: '1', per_page: '50', search: '0042' });
  expect(api.lists().some((q) => q.search === '00')).toBe(false);
  expect(Object.fromEntries(address())).toEqual({ search: '0042', per_page: '50' });
  expect(within(screen.getByTestId('card-row')).getByText('411111******0042')).toBeInTheDocument();
});

describe('a search by card number', () => {
  /** The 42nd card of someCards: 411111******0042. */
  const number = '4111111111110042';
  const searchBox = () => screen.getByPlaceholderText('Search cards...') as HTMLInputElement;
  /** Nothing the page asked for, and not its address, shows the number in any form. */
  const expectNumberNowhere = () => {
    for (const call of api.calls) expect(showsCardNumber(call.url.href, number)).toBe(false);
    expect(showsCardNumber(screen.getByTestId('address').textContent ?? '', number)).toBe(false);
  };

  // One search per separator: fake timers pass each debounce at once.
  test('typed with any separator, goes in a request body, never in the address or a request URL; the other filters stay in the address', async () => {
    api = fakeCardsApi(someCards(60));
    renderCards('admin', '/control/cards?status=active&per_page=25');
    await screen.findByText('Cards (60)');
    jest.useFakeTimers();
    for (const [, separator] of cardNumberSeparators) {
      fireEvent.change(searchBox(), { target: { value: grouped(number, separator) } });
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      // The box keeps what was typed (an input drops line breaks), and that is what is sent.
      const sent = searchBox().value.trim();
      await waitFor(() => expect(api.searches().at(-1)).toEqual({ search: sent, status: 'active', page: 1, per_page: 25 }));
      await screen.findByText('411111******0042');
      expect(Object.fromEntries(address())).toEqual({ status: 'active', per_page: '25' });
    }
    expect(screen.getByText('Cards (1)')).toBeInTheDocument();
    expectNumberNowhere();

    // Back to the last four: the search goes in the address and a GET again.
    fireEvent.change(searchBox(), { target: { value: '0042' } });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(api.lists().at(-1)).toEqual({ page: '1', per_page: '25', search: '0042', status: 'active' }));
    expect(Object.fromEntries(address())).toEqual({ search: '0042', status: 'active', per_page: '25' });
  });

  test('a part of a number longer than six digits, typed or paused on, stays out of the address too', async () => {
    api = fakeCardsApi(someCards(3));
    renderCards();
    await screen.findByText('Cards (3)');
    fireEvent.change(searchBox(), { target: { value: '4111 1111 11' } });
    await waitFor(() => expect(api.searches().at(-1)).toEqual({ search: '4111 1111 11', page: 1, per_page: 10 }));
    expect(address().has('search')).toBe(false);
    expect(api.calls.every((call) => !/1111.?11/.test(decodeURIComponent(call.url.href)))).toBe(true);
  });

  test('one in an old link is searched through a request body and taken out of the address at once', async () => {
    api = fakeCardsApi(someCards(60));
    renderCards('admin', `/control/cards?search=${encodeURIComponent(grouped(number, '\u00a0'))}&status=active`);
    await screen.findByText('411111******0042');
    expect(Object.fromEntries(address())).toEqual({ status: 'active' });
    expect(searchBox().value).toBe(grouped(number, '\u00a0'));
    expect(api.lists()).toEqual([]);
    expect(api.searches()).toEqual([{ search: grouped(number, '\u00a0'), status: 'active', page: 1, per_page: 10 }]);
    expectNumberNowhere();
  });
});

test('a large pool shows its count and range with thousands separators', async () => {
  api = fakeCardsApi(someCards(1200));
  renderCards();
  await screen.findByText('Cards (1,200)');
  expect(screen.getByText('Showing 1 to 10 of 1,200 results')).toBeInTheDocument();
});

test('the address restores the filters after a reload', async () => {
  api = fakeCardsApi(someCards(30));
  renderCards('admin', '/control/cards?search=0012&status=active&per_page=25');
  await screen.findByText('Cards (1)');
  expect(api.lists()).toEqual([{ page: '1', per_page: '25', search: '0012', status: 'active' }]);
  expect((screen.getByPlaceholderText('Search cards...') as HTMLInputElement).value).toBe('0012');
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Active');
  expect(screen.getByRole('combobox', { name: 'Per page' }).textContent).toBe('25');
  expect(await optionsOf(screen.getByRole('combobox', { name: 'Status' }))).toEqual(['All Status', 'Active', 'Blocked']);
});

test('no match shows the empty state', async () => {
  api = fakeCardsApi(someCards(3));
  renderCards('admin', '/control/cards?search=9999');
  expect(await screen.findByText('No cards found matching your criteria')).toBeInTheDocument();
  expect(screen.getByText('Cards (0)')).toBeInTheDocument();
  expect(screen.queryByTestId('card-row')).not.toBeInTheDocument();
});

test('a failed list shows an error with Retry', async () => {
  api = fakeCardsApi();
  api.reply('GET /api/backend/cards', () => answer(500, { status: 'error', message: 'Internal server error' }));
  renderCards('admin', '/control/cards?search=1');
  expect(await screen.findByText('Failed to load cards')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
