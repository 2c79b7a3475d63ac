import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteSummary } from '@paydesk/shared/schemas/platform';
import { fakeApi, type Handler } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { reloadShell } from '../../../lib/reload-shell';
import { aRelease, aRemote, healthOf } from '../testing/release';
import { RemoteView } from './remote-view';

// The page would be loaded anew: the test sees that it asked for it.
jest.mock('../../../lib/reload-shell', () => ({ reloadShell: jest.fn() }));

const canary = aRelease({ version: '1.5.0', status: 'canary', canary_percent: 10, promoted_at: '2026-03-03T10:00:00.000Z' });
const live = aRelease({ version: '1.4.0', status: 'live', promoted_at: '2026-03-02T10:00:00.000Z', health: healthOf([300, 3], [900, 9]) });
const earlier = aRelease({ version: '1.3.0', promoted_at: '2026-03-01T10:00:00.000Z', health: healthOf([0, 0], [40, 0]) });
const fresh = aRelease({ version: '1.6.0' });
const refused = aRelease({ version: '1.7.0', status: 'refused', reason: 'react 18.3.1 is shared by the remote, the shell serves 19.3.1' });
const undone = aRelease({ version: '1.2.0', status: 'rolled_back', promoted_at: '2026-02-28T10:00:00.000Z' });

/** The registry with one remote, and the actions a test answers ("METHOD /api/path"). */
const fakeRegistry = (remote: RemoteSummary, actions: Record<string, Handler> = {}) =>
  fakeApi({ 'GET /api/platform/remotes': () => ({ body: { status: 'success', data: [remote] } }), ...actions });
const posted = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
const promoted = (version: string, status: 'live' | 'canary', percent: number | null) => () => ({
  body: { status: 'success', message: 'Release promoted', data: aRelease({ version, status, canary_percent: percent }) },
});

const renderRemote = () => renderWithProviders(<RemoteView name="mf_reports" />, { preloadedState: sessionOf(testUsers.super_admin) });
const rowOf = (version: string) => screen.getByRole('cell', { name: version }).closest('tr')!;

test('the history: each release with its status, who released it, why the gate refused it, its reports, and what may be done', async () => {
  fakeRegistry(aRemote([refused, fresh, canary, live, earlier, undone]));
  renderRemote();
  await screen.findByRole('table', { name: 'Releases' });
  expect(screen.getByRole('heading', { level: 1, name: 'mf_reports' })).toBeInTheDocument();
  expect(screen.getByText('Live 1.4.0 · canary 1.5.0 · 10 %')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Version',
    'Status',
    'Released',
    'Loads and failures',
    'Actions',
  ]);
  const cellsOf = (version: string) =>
    within(rowOf(version))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  const statuses = ['1.6.0', '1.5.0', '1.4.0', '1.3.0', '1.2.0'].map((v) => cellsOf(v)[1]);
  expect(statuses).toEqual(['Available', 'Canary 10 %', 'Live', 'Available', 'Rolled back']);
  // The gate's reason under a refused release's status.
  expect(cellsOf('1.7.0')[1]).toBe(`Refused${refused.reason}`);
  expect(cellsOf('1.4.0')[2]).toMatch(/^Mar 1, 2026, .*by Sam Super$/);
  expect(cellsOf('1.4.0')[3]).toBe('1 h: 300 loads, 3 failed (1 %)24 h: 900 loads, 9 failed (1 %)');
  expect(cellsOf('1.3.0')[3]).toBe('1 h: No loads24 h: 40 loads, none failed');

  const actions = (version: string) =>
    within(rowOf(version))
      .queryAllByRole('button')
      .map((b) => b.textContent);
  expect(actions('1.7.0')).toEqual([]);
  expect(actions('1.6.0')).toEqual(['Promote', 'Preview']);
  expect(actions('1.5.0')).toEqual(['Promote']);
  expect(actions('1.4.0')).toEqual([]);
  expect(actions('1.2.0')).toEqual(['Promote']);
});

test('Promote checks the canary share (1 to 99 %) and sends it as percent; Everyone sends 100', async () => {
  const api = fakeRegistry(aRemote([fresh, live]), {
    'POST /api/platform/remotes/mf_reports/releases/1.6.0/promote': promoted('1.6.0', 'canary', 25),
  });
  renderRemote();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Promote 1.6.0' }));
  let dialog = screen.getByRole('dialog', { name: 'Promote mf_reports 1.6.0' });
  expect(within(dialog).getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await user.click(within(dialog).getByRole('radio', { name: 'Canary' }));
  const share = within(dialog).getByRole('textbox', { name: 'Share of users' });
  for (const wrong of ['100', '0', 'ten']) {
    await user.clear(share);
    await user.type(share, wrong);
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(within(dialog).getByText('A share from 1 to 99 %')).toBeInTheDocument();
  }
  expect(posted(api)).toEqual([]);
  await user.clear(share);
  await user.type(share, '25');
  await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
  expect(await screen.findByText('Release promoted')).toBeInTheDocument();
  expect(screen.getByText('mf_reports 1.6.0 is a canary for 25 % of users from their next page load')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posted(api)).toEqual([['/api/platform/remotes/mf_reports/releases/1.6.0/promote', { percent: 25 }]]);

  api.reply('POST /api/platform/remotes/mf_reports/releases/1.6.0/promote', promoted('1.6.0', 'live', null));
  await user.click(await screen.findByRole('button', { name: 'Promote 1.6.0' }));
  dialog = screen.getByRole('dialog', { name: 'Promote mf_reports 1.6.0' });
  await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
  await waitFor(() => expect(posted(api)).toHaveLength(2));
  expect(posted(api)[1]).toEqual(['/api/platform/remotes/mf_reports/releases/1.6.0/promote', { percent: 100 }]);
});

test("a refused promotion shows the server's message and keeps the dialog open", async () => {
  const refusal = 'mf_reports 1.6.0 is live for everyone already';
  fakeRegistry(aRemote([fresh, live]), {
    'POST /api/platform/remotes/mf_reports/releases/1.6.0/promote': () => ({
      status: 409,
      body: { status: 'error', message: refusal, code: 'release_live' },
    }),
  });
  renderRemote();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Promote 1.6.0' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Promote mf_reports 1.6.0' })).getByRole('button', { name: 'Promote' }));
  expect(await screen.findByText(refusal)).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Promote mf_reports 1.6.0' })).toBeInTheDocument();
});

test('Stop canary asks first, then calls the rollback; Roll back waits until the canary has ended', async () => {
  const api = fakeRegistry(aRemote([canary, live, earlier]), {
    'POST /api/platform/remotes/mf_reports/rollback': () => ({
      body: { status: 'success', message: 'Remote rolled back', data: live },
    }),
  });
  renderRemote();
  const user = userEvent.setup();
  const stop = await screen.findByRole('button', { name: 'Stop canary' });
  expect(screen.getByRole('button', { name: 'Roll back' })).toBeDisabled();
  expect(screen.getByText('Stop the canary before rolling the live release back.')).toBeInTheDocument();
  await user.click(stop);
  const dialog = screen.getByRole('dialog', { name: 'Stop the canary of mf_reports?' });
  expect(dialog).toHaveTextContent('The 10 % of users on 1.5.0 return to 1.4.0 at their next page load');
  expect(posted(api)).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Stop canary' }));
  expect(await screen.findByText('Remote rolled back')).toBeInTheDocument();
  expect(screen.getByText('The canary of mf_reports has ended')).toBeInTheDocument();
  expect(posted(api)).toEqual([['/api/platform/remotes/mf_reports/rollback', undefined]]);
});

test('Roll back returns to the release live before, once confirmed; with none it is not offered', async () => {
  const api = fakeRegistry(aRemote([live, undone, earlier]), {
    'POST /api/platform/remotes/mf_reports/rollback': () => ({
      body: { status: 'success', message: 'Remote rolled back', data: { ...earlier, status: 'live' } },
    }),
  });
  const view = renderRemote();
  const user = userEvent.setup();
  expect(await screen.findByText('Roll back returns everyone to 1.3.0.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Stop canary' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Roll back' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll back mf_reports?' });
  expect(dialog).toHaveTextContent('Everyone returns to 1.3.0 at their next page load; 1.4.0 is marked rolled back.');
  await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
  expect(await screen.findByText('mf_reports is back on 1.3.0')).toBeInTheDocument();
  expect(posted(api)).toEqual([['/api/platform/remotes/mf_reports/rollback', undefined]]);
  view.unmount();
  api.restore();

  fakeRegistry(aRemote([live, undone]));
  renderRemote();
  expect(await screen.findByText('1.4.0 is the first live release: there is none to return to.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Roll back' })).toBeDisabled();
});

test('Preview starts the preview of an available release, then loads the back office again', async () => {
  const api = fakeRegistry(aRemote([fresh, live]), {
    'POST /api/platform/remotes/mf_reports/releases/1.6.0/preview': () => ({
      body: {
        status: 'success',
        message: 'Preview started',
        data: { remote: 'mf_reports', version: '1.6.0', expires_at: '2026-03-04T11:00:00.000Z' },
      },
    }),
  });
  renderRemote();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Preview 1.6.0' }));
  await waitFor(() => expect(reloadShell).toHaveBeenCalledTimes(1));
  expect(posted(api)).toEqual([['/api/platform/remotes/mf_reports/releases/1.6.0/preview', undefined]]);
});

test('a remote the registry does not hold says so', async () => {
  fakeApi({ 'GET /api/platform/remotes': () => ({ body: { status: 'success', data: [] } }) });
  renderRemote();
  expect(await screen.findByText('Nothing of this remote is released')).toBeInTheDocument();
});
