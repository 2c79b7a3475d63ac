import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption, optionsOf } from '@paydesk/shared/testing/select';
import { aWithdrawal, fakeWalletApi } from '../testing/fake-wallet-api';
import { WithdrawalsView } from './withdrawals-view';

let api: ReturnType<typeof fakeWalletApi>;
afterEach(() => api.restore());

const rows = [
  aWithdrawal(),
  aWithdrawal({
    id: 2,
    transaction_id: 'WDFAILED',
    status: 'failed',
    processed_at: '2026-03-01T10:00:20.000Z',
    failure_reason: 'The bank rejected the account',
  }),
  aWithdrawal({ id: 3, transaction_id: 'WDDONE', status: 'completed', processed_at: '2026-03-01T10:00:20.000Z' }),
];

test('shows the balance card, the history with its columns, and filters by status', async () => {
  api = fakeWalletApi('1234.50', rows);
  renderWithProviders(<WithdrawalsView />, { preloadedState: sessionOf(testUsers.admin) });
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(screen.getByText('Available Balance')).toBeInTheDocument();
  expect(screen.getByText('Ready for withdrawal')).toBeInTheDocument();
  await screen.findByText('Withdrawal History (3)');
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Reference',
    'Amount',
    'Account Details',
    'Status',
    'Requested',
    'Processed',
    'Reason',
  ]);
  const user = userEvent.setup();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Failed', user);
  expect(screen.getByText('Withdrawal History (1)')).toBeInTheDocument();
  const [, row] = screen.getAllByRole('row');
  expect(within(row!).getByText('The bank rejected the account')).toBeInTheDocument();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled', user);
  expect(screen.getByText('No withdrawals found matching your criteria')).toBeInTheDocument();
  expect(await optionsOf(screen.getByRole('combobox', { name: 'Status' }), user)).toEqual([
    'All',
    'Pending',
    'Completed',
    'Failed',
    'Cancelled',
  ]);
});

test('exports the filtered rows as withdrawals.csv and says Export Complete', async () => {
  api = fakeWalletApi('10.00', rows);
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:x'));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('withdrawals.csv');
  });
  renderWithProviders(<WithdrawalsView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('Withdrawal History (3)');
  const user = userEvent.setup();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Completed', user);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await screen.findByText('Export Complete');
  expect(click).toHaveBeenCalled();
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(created[0]!);
  });
  const lines = text.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^WDDONE,250.00,/);
  click.mockRestore();
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <WithdrawalsView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route },
  );

test('the address keeps the status filter: a link shows it, and a new choice writes it', async () => {
  api = fakeWalletApi('10.00', rows);
  renderAt('/control/withdrawals?status=failed');
  await screen.findByText('Withdrawal History (1)');
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Failed');
  expect(screen.getByText('The bank rejected the account')).toBeInTheDocument();
  const user = userEvent.setup();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Completed', user);
  expect(screen.getByTestId('address').textContent).toBe('?status=completed');
  expect(screen.getByText('Withdrawal History (1)')).toBeInTheDocument();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'All', user);
  expect(screen.getByTestId('address').textContent).toBe('');
  expect(screen.getByText('Withdrawal History (3)')).toBeInTheDocument();
});

test('a status in the address that is none of the choices is All, and leaves the address', async () => {
  api = fakeWalletApi('10.00', rows);
  renderAt('/control/withdrawals?status=lost');
  await screen.findByText('Withdrawal History (3)');
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All');
  expect(screen.getByTestId('address').textContent).toBe('');
});

test("links each withdrawal's reference to its own movements in Balance history", async () => {
  api = fakeWalletApi('10.00', [rows[1]!]);
  renderWithProviders(<WithdrawalsView />, { preloadedState: sessionOf(testUsers.admin) });
  const link = await screen.findByRole('link', { name: 'Balance movements of WDFAILED' });
  const [path, query] = link.getAttribute('href')!.split('?') as [string, string];
  expect(path).toBe('/control/withdrawals/balance');
  expect(new URLSearchParams(query).get('withdrawal')).toBe('WDFAILED');
});
