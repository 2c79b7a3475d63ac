import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { keepStyleRules } from '@paydesk/shared/testing/style-rules';
import { formatDateTime } from '@paydesk/shared/format';
import { aTransaction } from '../../../testing/fake-api';
import { viewport } from '../../../testing/viewport';
import { TransactionsList } from './transactions-list';

// These tests read styles that classes set.
keepStyleRules();

const rows = [
  aTransaction(),
  aTransaction({
    id: 2,
    transaction_id: 'TXN0123456789ABCDEFGHIJ',
    first_name: 'Noah',
    last_name: 'Jones',
    email: 'noah@example.com',
    payment_amount: '50.00',
    amount_refunded: '20.00',
    status: 'failed',
    card_brand: 'Mastercard',
    last_four: '4444',
    provider_key: null,
  }),
];

let undo: () => void = () => undefined;
afterEach(() => undo());

describe('at 1440 px, a desk', () => {
  beforeEach(() => {
    undo = viewport(1440);
  });

  test('is a table whose cells stay on one line, amounts on the right', () => {
    renderWithProviders(<TransactionsList rows={rows} />);
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    const cells = within(table).getAllByRole('cell');
    expect(cells.length).toBe(16);
    expect(cells.filter((cell) => getComputedStyle(cell).whiteSpace !== 'nowrap')).toEqual([]);
    const amountHeader = within(table).getByRole('columnheader', { name: 'Amount' });
    expect(getComputedStyle(amountHeader).textAlign).toBe('right');
    expect(cells.filter((cell) => cell.textContent?.startsWith('$')).map((cell) => getComputedStyle(cell).textAlign)).toEqual([
      'right',
      'right',
    ]);
  });

  test('cuts a long id with an ellipsis and keeps the whole id in its title', () => {
    renderWithProviders(<TransactionsList rows={rows} />);
    const id = screen.getByText('TXN0123456789ABCDEFGHIJ');
    expect(id.getAttribute('title')).toBe('TXN0123456789ABCDEFGHIJ');
    expect({ overflow: getComputedStyle(id).overflow, cut: getComputedStyle(id).textOverflow }).toEqual({
      overflow: 'hidden',
      cut: 'ellipsis',
    });
  });
});

describe('at 390 px, a phone', () => {
  beforeEach(() => {
    undo = viewport(390);
  });

  test('shows each transaction as a card with the data of its row, and no table', () => {
    renderWithProviders(<TransactionsList rows={rows} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards.length).toBe(2);
    const second = within(cards[1]!);
    for (const text of [
      'Noah Jones',
      'noah@example.com',
      '$50.00',
      'Refunded $20.00 of $50.00',
      'Failed',
      formatDateTime(rows[1]!.created_at),
      'TXN0123456789ABCDEFGHIJ',
    ]) {
      expect(second.getByText(text)).toBeInTheDocument();
    }
    expect(second.getByText(/Mastercard •••• 4444 · N\/A/)).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'View TXN0123456789ABCDEFGHIJ' }).getAttribute('href')).toBe('/control/transactions/2');
    expect(within(cards[0]!).getByText(/Visa •••• 4242 · Primary Switch/)).toBeInTheDocument();
  });
});
