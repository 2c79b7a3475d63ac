import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { aRefund, details, fakeApi, ok, type Posted } from '../../../testing/fake-api';
import { TransactionDetailsView } from './transaction-details-view';

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());
const DETAILS = 'GET /api/backend/transaction-details/:id';
const REFUNDS = 'POST /api/backend/transactions/:id/refunds';

const created = (posted?: Posted) => ({
  status: 201,
  body: {
    status: 'success',
    message: 'Refund created',
    data: aRefund({ amount: (posted?.body as { amount: number }).amount.toFixed(2), status: 'pending', settled_at: null }),
  },
});

function open(user: (typeof testUsers)[keyof typeof testUsers] = testUsers.admin) {
  renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(user) });
  return userEvent.setup();
}

test('refunds what is left by default after a confirmation, with one Idempotency-Key per dialog, and toasts', async () => {
  api = fakeApi({ [DETAILS]: () => ok(details({ amount_refunded: '20.00' })), [REFUNDS]: (_url, posted) => created(posted) });
  const user = open();
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Refund payment' }));
  expect(dialog.getByLabelText('Amount')).toHaveValue('180.00');
  await chooseOption(dialog.getByRole('combobox', { name: 'Reason' }), 'Duplicate', user);
  await user.type(dialog.getByLabelText('Note (optional)'), 'Charged twice');
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  expect(dialog.getByTestId('refund-confirmation').textContent).toBe('Refund $180.00 to the card ending 4242?');
  await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
  await screen.findByText('Refund created');
  expect(api.posts).toEqual([
    {
      path: '/api/backend/transactions/PDAAAA0001/refunds',
      body: { amount: 180, reason: 'duplicate', note: 'Charged twice' },
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('shows the server message when the refund is refused, and keeps the key for a retry', async () => {
  api = fakeApi({
    [DETAILS]: () => ok(details()),
    [REFUNDS]: () => ({
      status: 409,
      body: { status: 'error', code: 'insufficient_balance', message: 'Insufficient balance to refund $200.00. Available balance: $3.00' },
    }),
  });
  const user = open();
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = within(screen.getByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
  await screen.findByText('Insufficient balance to refund $200.00. Available balance: $3.00');
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
  await waitFor(() => expect(api.posts).toHaveLength(2));
  expect(api.posts[0]!.idempotencyKey).toBe(api.posts[1]!.idempotencyKey);
});

test('refuses more than is left before any call', async () => {
  api = fakeApi({ [DETAILS]: () => ok(details({ amount_refunded: '150.00' })) });
  const user = open();
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = within(screen.getByRole('dialog'));
  await user.clear(dialog.getByLabelText('Amount'));
  await user.type(dialog.getByLabelText('Amount'), '50.01');
  expect(dialog.getByText('At most $50.00 is left to refund')).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  expect(api.posts).toEqual([]);
});

test('a viewer, a refunded payment and a failed one have no Refund button', async () => {
  for (const [user, over] of [
    [testUsers.viewer, {}],
    [testUsers.admin, { status: 'refunded', amount_refunded: '200.00' }],
    [testUsers.admin, { status: 'failed' }],
  ] as const) {
    api = fakeApi({ [DETAILS]: () => ok(details(over)) });
    const rendered = renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(user) });
    await screen.findByRole('region', { name: 'Payment Information' });
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    rendered.unmount();
    api.restore();
  }
  api = fakeApi({});
});

test('lists the refunds, says what was refunded, and puts refund events on the timeline', async () => {
  const refunds = [
    aRefund({ id: 're_1', amount: '20.00', status: 'succeeded' }),
    aRefund({
      id: 're_2',
      amount: '30.00',
      status: 'failed',
      reason: 'fraudulent',
      requested_by: 'api',
      failure_reason: 'The issuer refused the refund',
      settled_at: '2026-03-03T09:00:00.000Z',
      created_at: '2026-03-03T08:59:00.000Z',
    }),
    aRefund({ id: 're_3', amount: '5.00', status: 'pending', settled_at: null, created_at: '2026-03-04T08:00:00.000Z' }),
  ];
  api = fakeApi({ [DETAILS]: () => ok(details({ amount_refunded: '25.00', refunds })) });
  open(testUsers.viewer);
  const section = within(await screen.findByRole('region', { name: 'Refunds' }));
  expect(section.getAllByTestId('refund-row').map((row) => row.textContent)).toEqual([
    expect.stringContaining('$20.00Succeeded'),
    expect.stringContaining('$30.00Failed'),
    expect.stringContaining('$5.00Pending'),
  ]);
  expect(section.getByText(/Merchant API/)).toBeInTheDocument();
  expect(section.getByText('The issuer refused the refund')).toBeInTheDocument();
  const payment = within(screen.getByRole('region', { name: 'Payment Information' }));
  expect(payment.getByTestId('detail-Refunds').lastChild?.textContent).toBe('Refunded $25.00 of $200.00');
  const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
  expect(timeline.getAllByText(/^Refund of/).map((e) => e.textContent)).toEqual([
    'Refund of $20.00 created',
    'Refund of $20.00 succeeded',
    'Refund of $30.00 created',
    'Refund of $30.00 failed',
    'Refund of $5.00 created',
  ]);
});
