import { combineSummary, netMargin, processingFees, SAMPLE_SUMMARY, viewerCaptions } from './dashboard-summary';
import { allSummaryFields, dashboardReport, dashboardReportName } from './dashboard-report';

const revenue = { total_revenue: '1000.00', total_net_revenue: '900.00', total_refunds: '50.00', total_disputes: '0.00' };
const counts = {
  total_transactions: 10,
  successful_transactions: 8,
  failed_transactions: 1,
  pending_transactions: 1,
  disputed_transactions: 0,
  refunded_transactions: 0,
  success_rate: 80,
};
const stats = {
  today_transactions: 2,
  today_amount: '200.00',
  today_net_amount: '180.00',
  today_refunds: '20.00',
  today_disputes: '0.00',
  today_successful: 2,
  today_failed: 0,
  today_success_rate: 100,
  week_transactions: 5,
  week_amount: '500.00',
  week_refunds: '20.00',
  week_disputes: '0.00',
  week_growth: 12.5,
  month_transactions: 10,
  month_amount: '1000.00',
  month_refunds: '50.00',
  month_disputes: '0.00',
  month_growth: -3.25,
};

test('puts the calls together into the DATA-06 summary, balances from the wallet call', () => {
  const summary = combineSummary(revenue, counts, stats, { available_balance: '850.00', pending: '50.00', total: '900.00' });
  expect(summary).toMatchObject({
    total_revenue: '1000.00',
    success_rate: 80,
    week_growth: 12.5,
    available_balance: '850.00',
    pending_balance: '50.00',
    total_balance: '900.00',
  });
  expect(Object.keys(summary).sort()).toEqual([...allSummaryFields].sort());
  expect(Object.keys(SAMPLE_SUMMARY).sort()).toEqual([...allSummaryFields].sort());
});

test('a viewer (90 % net from the server) sees fees of 10 % of gross', () => {
  expect(processingFees(revenue)).toBe(100);
  expect(netMargin(revenue)).toBe(90);
  // Refunds come off gross and net alike (the fee is not returned), so the fees stay those of the sales.
  expect(processingFees({ total_revenue: '950.00', total_net_revenue: '850.00' })).toBe(100);
  expect(processingFees({ total_revenue: '0.30', total_net_revenue: '0.27' })).toBe(0.03);
  expect(netMargin({ total_revenue: '0.00', total_net_revenue: '0.00' })).toBe(0);
});

test("a viewer's captions name the sales the 90 % and the 10 % are taken from, and the refunds the net loses (DASH-07, DASH-08)", () => {
  // Sales of $2,100.00, $100.00 of it refunded: the server sends a viewer revenue 2,000 and net 0.9 × 2,100 − 100.
  const viewer = { total_revenue: '2000.00', total_net_revenue: '1790.00', total_refunds: '100.00', total_disputes: '0.00' };
  expect(viewerCaptions(viewer)).toEqual({ net: '90% of sales $2,100.00, less refunds $100.00', fees: '10% of sales $2,100.00' });
  // What the captions say is what the cards show: 90 % of the sales less the refunds, and 10 % of the sales.
  expect(processingFees(viewer)).toBe(210);
  expect(viewerCaptions({ total_revenue: '1000.00', total_refunds: '0.00', total_disputes: '0.00' })).toEqual({
    net: '90% of sales $1,000.00',
    fees: '10% of sales $1,000.00',
  });
  // Cents stay whole at any size, and a period whose refunds exceed its sales still reads.
  expect(viewerCaptions({ total_revenue: '293781250.10', total_refunds: '0.20', total_disputes: '0.00' }).fees).toBe(
    '10% of sales $293,781,250.30',
  );
  expect(viewerCaptions({ total_revenue: '-40.00', total_refunds: '50.00', total_disputes: '0.00' })).toEqual({
    net: '90% of sales $10.00, less refunds $50.00',
    fees: '10% of sales $10.00',
  });
  // DSP-17: disputed amounts are taken from the sales as refunds are, and named.
  expect(viewerCaptions({ total_revenue: '900.00', total_refunds: '50.00', total_disputes: '50.00' })).toEqual({
    net: '90% of sales $1,000.00, less refunds $50.00 and disputes $50.00',
    fees: '10% of sales $1,000.00',
  });
});

test('the CSV report lists the figures shown, one per line', () => {
  const summary = combineSummary(revenue, counts, stats, null);
  const csv = dashboardReport(summary, ['total_revenue', 'success_rate', 'month_growth']);
  expect(csv).toBe('Metric,Value\r\nTotal Revenue,1000.00\r\nSuccess Rate (%),80\r\nMonth Growth (%),-3.25\r\n');
  expect(dashboardReportName(new Date('2026-03-01T10:00:00Z'))).toBe('dashboard-report-2026-03-01.csv');
});

test('the CSV report adds the days: sales, refunds and disputes of that day as negative lines, and what is left (DASH-08, DSP-17)', () => {
  const summary = combineSummary(revenue, counts, stats, null);
  const csv = dashboardReport(
    summary,
    ['total_revenue', 'total_refunds'],
    [
      { date: '2026-03-01', amount: '100.00', refunds: '0.00', disputes: '0.00', transactions: 3 },
      { date: '2026-03-02', amount: '-35.25', refunds: '40.25', disputes: '20.00', transactions: 1 },
    ],
  );
  expect(csv).toBe(
    [
      'Metric,Value',
      'Total Revenue,1000.00',
      'Total Refunds,50.00',
      '',
      'Date,Sales,Refunds,Disputes,Revenue,Transactions',
      '2026-03-01,100.00,0.00,0.00,100.00,3',
      '2026-03-02,25.00,-40.25,-20.00,-35.25,1',
      '',
    ].join('\r\n'),
  );
});
