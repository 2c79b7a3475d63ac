import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { PreviewBanner } from './preview-banner';

const preview = { remote: 'mf_reports', version: '1.5.0', expires_at: '2026-11-27T11:00:00.000Z' };

test('names the previewed release; Exit preview ends it on the server, then reloads the page', async () => {
  const api = fakeApi({ 'DELETE /api/platform/preview': () => ({ status: 204 }) });
  const reload = jest.fn();
  renderWithProviders(<PreviewBanner preview={preview} reload={reload} />);
  expect(screen.getByRole('status')).toHaveTextContent(/^Previewing mf_reports 1\.5\.0 in this browser only, until .+\.Exit preview$/);
  await userEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(api.calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/platform/preview']);
});

test('a failed exit says so and stays on the page, still previewing', async () => {
  fakeApi({ 'DELETE /api/platform/preview': () => ({ status: 503, body: { status: 'error', message: 'Unavailable' } }) });
  const reload = jest.fn();
  renderWithProviders(<PreviewBanner preview={preview} reload={reload} />);
  await userEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
  expect(await screen.findByText('Preview not ended')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
});
