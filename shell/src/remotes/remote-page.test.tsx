import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loadRemoteModule, retryReloadsPage } from './remote-loader';
import { RemotePage } from './remote-page';

jest.mock('./remote-loader', () => ({ loadRemoteModule: jest.fn(), retryReloadsPage: jest.fn() }));
const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const reloads = retryReloadsPage as jest.MockedFunction<typeof retryReloadsPage>;

const page = { default: () => <button type="button">Pay $1.00</button> };
const failed = () => Promise.reject(new Error('ChunkLoadError: Loading chunk 8487 failed.'));

beforeEach(() => {
  load.mockReset();
  reloads.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a failed remote shows its fallback, and Retry loads it again in place', async () => {
  load.mockImplementationOnce(failed).mockResolvedValueOnce(page);
  reloads.mockReturnValue(false);
  render(<RemotePage id="mf_cards/CardsPage" area="Cards" />);
  await screen.findByText('Cards is unavailable');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('button', { name: 'Pay $1.00' });
  expect(load).toHaveBeenCalledTimes(2);
  expect(reloads).toHaveBeenCalledWith('mf_cards/CardsPage');
});

test('the page the server sent with preload hints: Retry loads the page afresh instead', async () => {
  load.mockImplementation(failed);
  reloads.mockReturnValue(true);
  render(<RemotePage id="mf_payments/PayFormPage" area="Payment" />);
  await screen.findByText('Payment is unavailable');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' })); // jsdom does not navigate
  await waitFor(() => expect(reloads).toHaveBeenCalledWith('mf_payments/PayFormPage'));
  expect(load).toHaveBeenCalledTimes(1); // no in-place load, which a failed preload would fail
});
