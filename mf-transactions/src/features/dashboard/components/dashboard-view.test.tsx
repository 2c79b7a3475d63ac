import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { downloadText } from '@paydesk/shared/csv';
import { aTransaction, fakeApi, ok, type Handler } from '../../../testing/fake-api';
import { DashboardView } from './dashboard-view';

jest.mock('@paydesk/shared/csv', () => ({ ...jest.requireActual('@paydesk/shared/csv'), downloadText: jest.fn() }));
jest.mock('./apex-revenue-chart', () => ({ __esModule: true, default: () => <div>chart</div> }));

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const routes = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /api/backend/total-revenue': () =>
    ok({ total_revenue: '1000.00', total_net_revenue: '900.00', total_refunds: '75.50', total_disputes: '0.00' }),
  'GET /api/backend/total-transactions': () =>
    ok({
      total_transactions: 10,
      successful_transactions: 8,
      failed_transactions: 1,
      pending_transactions: 1,
      disputed_transactions: 0,
      refunded_transactions: 0,
      success_rate: 80,
    }),
  'GET /api/backend/today-stats': () =>
    ok({
      today_transactions: 2,
      today_amount: '200.00',
      today_net_amount: '180.00',
      today_refunds: '10.00',
      today_disputes: '0.00',
      today_successful: 2,
      today_failed: 0,
      today_success_rate: 100,
      week_transactions: 5,
      week_amount: '500.00',
      week_refunds: '25.00',
      week_disputes: '0.00',
      week_growth: 12.5,
      month_transactions: 10,
      month_amount: '1000.00',
      month_refunds: '75.50',
      month_disputes: '0.00',
      month_growth: -3.25,
    }),
  'GET /api/backend/wallet-balance': () => ok({ available_balance: '850.00', pending: '50.00', total: '900.00' }),
  'GET /api/backend/recent-transactions': () => ok([aTransaction()]),
  'GET /api/backend/chart-data': () => ok([{ date: '2026-03-01', amount: '100.00', refunds: '10.00', disputes: '0.00', transactions: 3 }]),
  ...over,
});
const stat = (label: string) => screen.getByTestId(`stat-${label}`).querySelector('[data-testid="stat-value"]')?.textContent;

test('an admin sees totals, growth, balances, the 7-day chart and recent transactions', async () => {
  api = fakeApi(routes());
  renderWithProviders(<DashboardView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByTestId('stat-Total Revenue');
  expect([stat('Total Revenue'), stat('Net Revenue'), stat('Processing Fees'), stat('Available Balance')]).toEqual([
    '$1,000.00',
    '$900.00',
    '$100.00',
    '$850.00',
  ]);
  expect(screen.getByText('+12.50% vs previous period')).toBeInTheDocument();
  expect(screen.getByText('Net margin 90.00%')).toBeInTheDocument();
  expect(screen.getByTestId('stat-Total Revenue').textContent).toContain('refunds $75.50');
  expect(screen.getByTestId('stat-Today').textContent).toContain('refunds $10.00');
  expect(screen.getByTestId('stat-This Week').textContent).toContain('refunds $25.00');
  expect(screen.getByTestId('stat-This Month').textContent).toContain('refunds $75.50');
  expect((await screen.findByTestId('revenue-chart')).dataset.range).toBe('7days');
  expect(api.callsTo('GET /api/backend/chart-data')[0]!.searchParams.get('range')).toBe('7days');
  expect(await screen.findByText('PDAAAA0001')).toBeInTheDocument();
  expect(screen.queryByTestId('sample-figures')).not.toBeInTheDocument();
});

test('at a million transactions the figures stay whole: two decimals for money, separators in counts', async () => {
  api = fakeApi(
    routes({
      'GET /api/backend/total-revenue': () =>
        ok({ total_revenue: '293781250.00', total_net_revenue: '284967812.50', total_refunds: '1250000.00', total_disputes: '0.00' }),
      'GET /api/backend/total-transactions': () =>
        ok({
          total_transactions: 1_000_100,
          successful_transactions: 850_085,
          failed_transactions: 100_010,
          pending_transactions: 20_002,
          disputed_transactions: 15_001,
          refunded_transactions: 15_002,
          success_rate: 85,
        }),
    }),
  );
  renderWithProviders(<DashboardView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByTestId('stat-Total Revenue');
  expect([stat('Total Revenue'), stat('Net Revenue'), stat('Processing Fees'), stat('Total Transactions')]).toEqual([
    '$293,781,250.00',
    '$284,967,812.50',
    '$8,813,437.50',
    '1,000,100',
  ]);
  expect(screen.getByText('850,085 successful payments · refunds $1,250,000.00')).toBeInTheDocument();
  expect(screen.getByText('1,000,100 total · 100,010 failed · 20,002 pending · 15,001 disputed · 15,002 refunded')).toBeInTheDocument();
});

test('a viewer sees 90 % net and 10 % fees of the sales, said so, no balances, and the wallet is never asked', async () => {
  // As the server sends a viewer sales of $2,100.00 with $100.00 refunded: revenue 2,100 - 100, net 90 % of 2,100 - 100.
  api = fakeApi(
    routes({
      'GET /api/backend/total-revenue': () =>
        ok({ total_revenue: '2000.00', total_net_revenue: '1790.00', total_refunds: '100.00', total_disputes: '0.00' }),
    }),
  );
  renderWithProviders(<DashboardView />, { preloadedState: sessionOf(testUsers.viewer) });
  await screen.findByTestId('stat-Total Revenue');
  expect([stat('Total Revenue'), stat('Net Revenue'), stat('Processing Fees')]).toEqual(['$2,000.00', '$1,790.00', '$210.00']);
  // 1,790 and 210 are 89.5 % and 10.5 % of the Total Revenue beside them: the captions name the sales they are taken from.
  expect(screen.getByTestId('stat-Net Revenue').textContent).toContain('90% of sales $2,100.00, less refunds $100.00');
  expect(screen.getByTestId('stat-Processing Fees').textContent).toContain('10% of sales $2,100.00');
  expect(screen.queryByText(/of gross/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Net margin/)).not.toBeInTheDocument();
  expect(screen.queryByTestId('stat-Available Balance')).not.toBeInTheDocument();
  expect(api.callsTo('GET /api/backend/wallet-balance')).toEqual([]);
});

test('Refresh says Data Refreshed; CSV Report downloads the figures and says Report Generated', async () => {
  api = fakeApi(routes());
  renderWithProviders(<DashboardView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByTestId('stat-Total Revenue');
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await screen.findByText('Data Refreshed');
  await screen.findByTestId('revenue-chart');
  fireEvent.click(screen.getByRole('button', { name: 'CSV Report' }));
  await screen.findByText('Report Generated');
  const [name, text] = jest.mocked(downloadText).mock.calls[0]!;
  expect(name).toMatch(/^dashboard-report-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(text).toContain('Total Revenue,1000.00\r\n');
  expect(text).toContain('Available Balance,850.00\r\n');
  expect(text).toContain('Total Refunds,75.50\r\n');
  expect(text).toContain('Date,Sales,Refunds,Disputes,Revenue,Transactions\r\n2026-03-01,110.00,-10.00,0.00,100.00,3\r\n');
});

test('a failed call shows the ERR-07 toast and placeholder figures labelled as samples', async () => {
  api = fakeApi(
    routes({ 'GET /api/backend/today-stats': () => ({ status: 500, body: { status: 'error', message: 'Internal server error' } }) }),
  );
  renderWithProviders(<DashboardView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('Failed to fetch dashboard data.');
  expect(screen.getByTestId('sample-figures').textContent).toContain('Sample figures');
  expect(screen.getAllByText('Sample').length).toBeGreaterThan(5);
  expect((screen.getByRole('button', { name: 'CSV Report' }) as HTMLButtonElement).disabled).toBe(true);
});
