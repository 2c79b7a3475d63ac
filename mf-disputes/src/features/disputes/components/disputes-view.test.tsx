import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { aDispute, hoursFromNow } from '@paydesk/shared/testing/dispute';
import { fakeDisputesApi } from '../testing/dispute';
import { DisputesView } from './disputes-view';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));

const renderList = (route = '/control/disputes') =>
  renderWithProviders(
    <>
      <DisputesView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.viewer), route },
  );

const due = (hours: number) => ({ due_by: hoursFromNow(hours), has_evidence: false, past_due: false, submission_count: 0 });
const rows = [
  aDispute({ id: 'dp_xxxxxxxxxxxxxxxxxxxx0001', amount: '80.00', evidence_details: due(-3.5) }),
  aDispute({
    id: 'dp_xxxxxxxxxxxxxxxxxxxx0002',
    amount: '42.50',
    status: 'warning_needs_response',
    reason: 'general',
    fee: '0.00',
    evidence_details: due(5.5),
  }),
  aDispute({ id: 'dp_xxxxxxxxxxxxxxxxxxxx0003', amount: '19.99', reason: 'product_not_received', evidence_details: due(24 * 6 + 2) }),
  aDispute({
    id: 'dp_xxxxxxxxxxxxxxxxxxxx0004',
    amount: '12.00',
    status: 'under_review',
    evidence_details: { ...due(30), has_evidence: true, submission_count: 1 },
  }),
  aDispute({ id: 'dp_xxxxxxxxxxxxxxxxxxxx0005', amount: '7.00', status: 'lost', evidence_details: { ...due(-50), past_due: true } }),
];

const rowOf = (amount: string) => screen.getByRole('link', { name: amount }).closest('tr')!;
const cellsOf = (amount: string) =>
  within(rowOf(amount))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('each dispute with its amount, reason, status, payment, opening and the time left to respond, in words', async () => {
  fakeDisputesApi(rows);
  renderList();
  await screen.findByRole('table', { name: 'Disputes' });
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Amount',
    'Reason',
    'Status',
    'Payment',
    'Created',
    'Time to respond',
  ]);
  const [amount, reason, status, payment, created] = cellsOf('$80.00');
  expect([amount, reason, status, payment]).toEqual(['$80.00', 'Fraudulent', 'Needs response', 'TXNXXXXXXXXXXXXXX01']);
  expect(created).toMatch(/^Mar 1, 2026/);
  expect(within(rowOf('$80.00')).getByRole('link', { name: '$80.00' })).toHaveAttribute(
    'href',
    '/control/disputes/dp_xxxxxxxxxxxxxxxxxxxx0001',
  );
  expect(within(rowOf('$80.00')).getByRole('link', { name: 'TXNXXXXXXXXXXXXXX01' })).toHaveAttribute(
    'href',
    '/control/transactions/TXNXXXXXXXXXXXXXX01',
  );

  // Overdue and due within 48 hours say so in words, on chips of their own colour; the rest is plain text.
  const timeLeft = (amount: string) => within(rowOf(amount)).getByTestId('time-left');
  expect(timeLeft('$80.00')).toHaveAttribute('data-urgency', 'overdue');
  expect(timeLeft('$80.00').textContent).toMatch(/^Overdue by 3 h 30 minDue /);
  expect(within(timeLeft('$80.00')).getByText('Overdue').closest('.MuiChip-root')).not.toBeNull();
  expect(timeLeft('$42.50')).toHaveAttribute('data-urgency', 'soon');
  expect(timeLeft('$42.50').textContent).toMatch(/^Due soon 5 h 29 min leftDue /);
  expect(within(timeLeft('$42.50')).getByText('Due soon').closest('.MuiChip-root')).not.toBeNull();
  expect(cellsOf('$42.50')[2]).toBe('Inquiry: needs response');
  expect(timeLeft('$19.99').textContent).toMatch(/^6 days leftDue /);
  expect(within(timeLeft('$19.99')).getByText('6 days left').closest('.MuiChip-root')).toBeNull();
  expect(timeLeft('$12.00').textContent).toBe('Evidence submitted');
  expect(timeLeft('$7.00').textContent).toBe('Not answered in time');
});

test('the filters live in the address: a link opens them, the API gets them, and a change goes back to page 1', async () => {
  const api = fakeDisputesApi(rows);
  renderList('/control/disputes?status=needs_response&from=2026-03-01&to=2026-03-31&page=2&limit=10');
  await screen.findByRole('table', { name: 'Disputes' });
  const sent = () => api.callsTo('GET /api/backend/disputes').map((call) => Object.fromEntries(call.url.searchParams));
  expect(sent()).toEqual([
    {
      page: '2',
      limit: '10',
      status: 'needs_response',
      // The days are the browser's: their first and last moments there.
      from: new Date('2026-03-01T00:00:00').toISOString(),
      to: new Date('2026-03-31T23:59:59.999').toISOString(),
    },
  ]);
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Needs response');
  expect(screen.getByLabelText('Opened from')).toHaveValue('2026-03-01');

  const user = userEvent.setup();
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Lost', user);
  await waitFor(() => expect(address()).toEqual({ status: 'lost', from: '2026-03-01', to: '2026-03-31', limit: '10' }));
  await waitFor(() => expect(sent().at(-1)).toMatchObject({ page: '1', status: 'lost' }));

  fireEvent.change(screen.getByLabelText('Opened to'), { target: { value: '' } });
  await waitFor(() => expect(address()).toEqual({ status: 'lost', from: '2026-03-01', limit: '10' }));
  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'All statuses', user);
  await waitFor(() => expect(sent().at(-1)).toEqual({ page: '1', limit: '10', from: new Date('2026-03-01T00:00:00').toISOString() }));
});

test('values in the address that do not parse fall back and leave it; no dispute says so', async () => {
  fakeDisputesApi([]);
  renderList('/control/disputes?status=open&from=2026-02-31&page=zero');
  expect(await screen.findByText('No disputes yet')).toBeInTheDocument();
  await waitFor(() => expect(address()).toEqual({}));
});
