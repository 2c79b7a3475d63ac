import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loadRemoteModule, retryReloadsPage } from './remote-loader';
import { RemotePage } from './remote-page';
import { reportRemote } from './remote-reports';

jest.mock('./remote-loader', () => ({ loadRemoteModule: jest.fn(), retryReloadsPage: jest.fn() }));
jest.mock('./remote-reports', () => ({ reportRemote: jest.fn() }));
const reported = reportRemote as jest.MockedFunction<typeof reportRemote>;
const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const reloads = retryReloadsPage as jest.MockedFunction<typeof retryReloadsPage>;

const page = { default: () => <button type="button">Pay $1.00</button> };
const failed = () => Promise.reject(new Error('ChunkLoadError: Loading chunk 8487 failed.'));

beforeEach(() => {
  reported.mockReset();
  load.mockReset();
  reloads.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a failed remote shows its fallback, and Retry loads it again in place; both are reported', async () => {
  load.mockImplementationOnce(failed).mockResolvedValueOnce(page);
  reloads.mockReturnValue(false);
  render(<RemotePage id="mf_cards/CardsPage" area="Cards" />);
  await screen.findByText('Cards is unavailable');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('button', { name: 'Pay $1.00' });
  expect(load).toHaveBeenCalledTimes(2);
  expect(reloads).toHaveBeenCalledWith('mf_cards/CardsPage');
  expect(reported.mock.calls.map(([id, phase]) => `${id} ${phase}`)).toEqual([
    'mf_cards/CardsPage load_failed',
    'mf_cards/CardsPage loaded',
  ]);
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

test('a page that loads and then fails to render is reported as a render failure', async () => {
  const broken = {
    default: () => {
      throw new Error('reports is not iterable');
    },
  };
  load.mockResolvedValueOnce(broken);
  render(<RemotePage id="mf_reports/ReportsPage" area="Reports" />);
  await screen.findByText('Reports is unavailable');
  expect(reported).toHaveBeenLastCalledWith('mf_reports/ReportsPage', 'render_failed', new Error('reports is not iterable'));
  expect(reported.mock.calls.map(([, phase]) => phase)).toEqual(['loaded', 'render_failed']);
});
