import { screen, within } from '@testing-library/react';
import type { RemoteSummary } from '@paydesk/shared/schemas/platform';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { aRelease, aRemote, healthOf } from '../testing/release';
import { RemotesView } from './remotes-view';

const fakeRemotesApi = (remotes: RemoteSummary[]) =>
  fakeApi({ 'GET /api/platform/remotes': () => ({ body: { status: 'success', data: remotes } }) });

const renderList = () => renderWithProviders(<RemotesView />, { preloadedState: sessionOf(testUsers.super_admin) });
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('lists each remote with its live version, its canary and share, and how both loaded over the hour and the day', async () => {
  fakeRemotesApi([
    aRemote([
      aRelease({
        version: '1.5.0',
        status: 'canary',
        canary_percent: 10,
        released_at: '2026-03-03T10:00:00.000Z',
        health: healthOf([20, 1], [80, 2]),
      }),
      aRelease({ version: '1.4.0', status: 'live', health: healthOf([200, 2], [1500, 3]) }),
    ]),
    aRemote([aRelease({ remote: 'mf_cards', version: '2.0.0', status: 'live', health: healthOf([0, 0], [12, 0]) })]),
  ]);
  renderList();
  const reports = await rowOf('mf_reports');
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Remote',
    'Live',
    'Canary',
    'Last hour',
    'Last 24 hours',
    'Last release',
  ]);
  expect(cellsOf(reports).slice(0, 5)).toEqual([
    'mf_reports',
    '1.4.0',
    '1.5.0 · 10 %',
    'Live: 200 loads, 2 failed (1 %)Canary: 20 loads, 1 failed (5 %)',
    'Live: 1,500 loads, 3 failed (0.2 %)Canary: 80 loads, 2 failed (2.5 %)',
  ]);
  expect(cellsOf(reports)[5]).toMatch(/^Mar 3, 2026/);
  expect(within(reports).getByRole('link', { name: 'mf_reports' })).toHaveAttribute('href', '/control/platform/remotes/mf_reports');

  const cards = await rowOf('mf_cards');
  expect(cellsOf(cards).slice(0, 5)).toEqual(['mf_cards', '2.0.0', '—', 'No loads', '12 loads, none failed']);
});

test('a remote released but never promoted shows no live release and no reports', async () => {
  fakeRemotesApi([aRemote([aRelease({ version: '0.1.0' })])]);
  renderList();
  expect(cellsOf(await rowOf('mf_reports')).slice(0, 5)).toEqual(['mf_reports', '—', '—', '—', '—']);
});

test('an empty registry says that nothing is released yet, and the tabs lead to the deploy tokens', async () => {
  fakeRemotesApi([]);
  renderList();
  expect(await screen.findByText(/^No remote is released yet/)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Remotes' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Deploy tokens' })).toHaveAttribute('href', '/control/platform/deploy-tokens');
});
