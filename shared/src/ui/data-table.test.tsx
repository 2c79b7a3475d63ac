import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { keepStyleRules } from '../testing/style-rules';
import { DataTable, type DataColumn } from './data-table';

// These tests read styles that classes set.
keepStyleRules();

interface Fruit {
  id: number;
  name: string;
  price: number;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Apple', price: 120 },
  { id: 2, name: 'Pear', price: 95 },
];

const columns: DataColumn<Fruit>[] = [
  { key: 'name', header: 'Name', cell: (f) => f.name },
  { key: 'price', header: 'Price', align: 'right', nowrap: true, cell: (f) => `$${(f.price / 100).toFixed(2)}` },
  { key: 'buy', header: '', cell: (f) => <button type="button">Buy {f.name}</button> },
];

test('a named table in a named region, a header per column and a row per item', () => {
  renderWithProviders(
    <DataTable label="Fruit" columns={columns} rows={fruits} rowKey={(f) => f.id} rowTestId={(f) => `fruit-${f.name}`} />,
  );
  const region = screen.getByRole('region', { name: 'Fruit' });
  const table = within(region).getByRole('table', { name: 'Fruit' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Price', '']);
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  const pear = screen.getByTestId('fruit-Pear');
  expect(
    within(pear)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Pear', '$0.95', 'Buy Pear']);
  const price = within(pear).getAllByRole('cell')[1]!;
  expect({ align: getComputedStyle(price).textAlign, wrap: getComputedStyle(price).whiteSpace }).toEqual({
    align: 'right',
    wrap: 'nowrap',
  });
});

test('a cell renderer gives a working control, and opens the row detail', async () => {
  const bought: string[] = [];
  const withDetail: DataColumn<Fruit>[] = [
    {
      key: 'open',
      header: '',
      cell: (f, { open, toggle }) => (
        <button type="button" aria-expanded={open} onClick={toggle}>
          About {f.name}
        </button>
      ),
    },
    { key: 'buy', header: '', cell: (f) => <button onClick={() => bought.push(f.name)}>Buy {f.name}</button> },
  ];
  renderWithProviders(
    <DataTable label="Fruit" columns={withDetail} rows={fruits} rowKey={(f) => f.id} detail={(f) => <p>{f.name} grows on trees</p>} />,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Buy Apple' }));
  expect(bought).toEqual(['Apple']);
  expect(screen.queryByText('Apple grows on trees')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'About Apple' }));
  expect(screen.getByText('Apple grows on trees')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'About Apple' }).getAttribute('aria-expanded')).toBe('true');
  expect(screen.queryByText('Pear grows on trees')).not.toBeInTheDocument();
});

test('no rows: the header and the caller’s text', () => {
  renderWithProviders(<DataTable label="Fruit" columns={columns} rows={[]} rowKey={(f) => f.id} emptyText="No fruit yet" />);
  const table = screen.getByRole('table', { name: 'Fruit' });
  expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
  const note = within(table).getByRole('cell');
  expect(note.textContent).toBe('No fruit yet');
  expect(note.getAttribute('colspan')).toBe('3');
});

test('loading: the table is busy and shows the wait, not the rows', () => {
  renderWithProviders(<DataTable label="Fruit" columns={columns} rows={fruits} rowKey={(f) => f.id} loading />);
  const table = screen.getByRole('table', { name: 'Fruit' });
  expect(table.getAttribute('aria-busy')).toBe('true');
  expect(within(table).getByRole('status', { name: 'Loading Fruit' })).toBeInTheDocument();
  expect(screen.queryByText('Apple')).not.toBeInTheDocument();
});

describe('on a narrow screen', () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    // Every max-width query matches: the window is narrower than any breakpoint.
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  test('the caller’s cards replace the table', () => {
    renderWithProviders(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={fruits}
        rowKey={(f) => f.id}
        cards={{
          below: 'lg',
          render: (rows) => (
            <ul aria-label="Fruit">
              {rows.map((f) => (
                <li key={f.id}>{f.name}</li>
              ))}
            </ul>
          ),
        }}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Fruit' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Apple', 'Pear']);
  });
});
