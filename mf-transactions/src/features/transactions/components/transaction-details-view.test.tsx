import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aDispute } from '@paydesk/shared/testing/dispute';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { details, fakeApi, ok } from '../../../testing/fake-api';
import { TransactionDetailsView } from './transaction-details-view';

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());
const DETAILS = 'GET /api/backend/transaction-details/:id';
const value = (label: string) =>
  within(screen.getByRole('region', { name: 'Payment Information' })).getByTestId(`detail-${label}`).lastChild?.textContent;

test('an admin sees the real fee and net, completed as Success, and the Transaction Summary', async () => {
  api = fakeApi({ [DETAILS]: () => ok(details()) });
  renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByRole('region', { name: 'Payment Information' });
  expect([value('Fee'), value('Net Amount'), value('Processed Through')]).toEqual([
    '$6.10',
    '$193.90',
    'Sandbox Processor (Primary Switch)',
  ]);
  expect(screen.getAllByTestId('status-badge').map((b) => b.textContent)).toEqual(['Success', 'Success']);
  expect(screen.getByRole('region', { name: 'Transaction Summary' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Transactions' }).getAttribute('href')).toBe('/control/transactions');
  expect(screen.getByText('Transaction Created')).toBeInTheDocument();
  expect(screen.getByText('Status Updated')).toBeInTheDocument();
  expect(screen.queryByTestId('failure-reason')).not.toBeInTheDocument();
});

test('a viewer sees fee 10 % and net 90 % as the server sends them, and no Transaction Summary', async () => {
  api = fakeApi({ [DETAILS]: () => ok(details({ fee_amount: '20.00', value_amount: '180.00' })) });
  renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.viewer) });
  await screen.findByRole('region', { name: 'Payment Information' });
  expect([value('Fee'), value('Net Amount')]).toEqual(['$20.00', '$180.00']);
  expect(screen.queryByRole('region', { name: 'Transaction Summary' })).not.toBeInTheDocument();
});

test('a disputed payment links to its dispute, for every role; one never disputed has no such link', async () => {
  api = fakeApi({ [DETAILS]: () => ok(details({ status: 'disputed', dispute_id: 'dp_xxxxxxxxxxxxxxxxxxxx0001' })) });
  const view = renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.viewer) });
  expect((await screen.findByRole('link', { name: 'View dispute' })).getAttribute('href')).toBe(
    '/control/disputes/dp_xxxxxxxxxxxxxxxxxxxx0001',
  );
  view.unmount();
  api.restore();

  api = fakeApi({ [DETAILS]: () => ok(details()) });
  renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByRole('region', { name: 'Payment Information' });
  expect(screen.queryByRole('link', { name: 'View dispute' })).not.toBeInTheDocument();
});

test('a failed transaction shows the Failure Reason from the nested debug message', async () => {
  api = fakeApi({
    [DETAILS]: () =>
      ok(details({ status: 'failed', response: null, response_content: { response_content: { debugMessage: 'issuer response 51' } } })),
  });
  renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.admin) });
  expect((await screen.findByTestId('failure-reason')).textContent).toBe('Failure Reasonissuer response 51');
});

test('404 shows Transaction not found; another failure also toasts', async () => {
  api = fakeApi({ [DETAILS]: () => ({ status: 404, body: { status: 'error', message: 'Transaction not found' } }) });
  const first = renderWithProviders(<TransactionDetailsView id="9" />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('Transaction not found');
  expect(screen.queryByText('Failed to load transaction details')).not.toBeInTheDocument();
  first.unmount();
  api.restore();
  api = fakeApi({ [DETAILS]: () => ({ status: 500, body: { status: 'error', message: 'Internal server error' } }) });
  renderWithProviders(<TransactionDetailsView id="9" />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('Failed to load transaction details');
  expect(screen.getByText('Transaction not found')).toBeInTheDocument();
});

describe('a dispute opened by hand (demo mode)', () => {
  const OPEN = 'POST /api/backend/transactions/:id/dispute';

  test('an admin opens an inquiry with its reason, once per opening of the dialog, and is told', async () => {
    api = fakeApi({
      [DETAILS]: () => ok(details()),
      [OPEN]: () => ({
        status: 201,
        body: { status: 'success', message: 'Dispute opened', data: aDispute({ status: 'warning_needs_response' }) },
      }),
    });
    renderWithProviders(<TransactionDetailsView id="1" />, {
      preloadedState: sessionOf(testUsers.admin, undefined, { demo: true }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute (demo)' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute (demo)' });
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Kind' }), 'Inquiry', user);
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Product not received', user);
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Inquiry opened')).toBeInTheDocument();
    expect(screen.getByText('$80.00 disputed: answer it in Disputes')).toBeInTheDocument();
    expect(api.posts).toEqual([
      {
        path: '/api/backend/transactions/PDAAAA0001/dispute',
        body: { reason: 'product_not_received', inquiry: true },
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  test("the server's refusal is said, and the dialog stays", async () => {
    api = fakeApi({
      [DETAILS]: () => ok(details()),
      [OPEN]: () => ({
        status: 409,
        body: { status: 'error', code: 'payment_not_disputable', message: 'This payment is already disputed' },
      }),
    });
    renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: sessionOf(testUsers.admin, undefined, { demo: true }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open a dispute (demo)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('This payment is already disputed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Open a dispute (demo)' })).toBeInTheDocument();
  });

  test.each([
    ['outside demo mode', sessionOf(testUsers.admin), details()],
    ['for a viewer', sessionOf(testUsers.viewer, undefined, { demo: true }), details()],
    ['on a failed payment', sessionOf(testUsers.admin, undefined, { demo: true }), details({ status: 'failed' })],
    [
      'on a payment already disputed',
      sessionOf(testUsers.admin, undefined, { demo: true }),
      details({ status: 'disputed', dispute_id: 'dp_xxxxxxxxxxxxxxxxxxxx0001' }),
    ],
  ])('no such button %s', async (_when, session, transaction) => {
    api = fakeApi({ [DETAILS]: () => ok(transaction) });
    renderWithProviders(<TransactionDetailsView id="1" />, { preloadedState: session });
    await screen.findByRole('region', { name: 'Payment Information' });
    expect(screen.queryByRole('button', { name: 'Open a dispute (demo)' })).not.toBeInTheDocument();
  });
});
