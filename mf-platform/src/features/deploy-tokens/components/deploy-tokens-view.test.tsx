import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeployToken } from '@paydesk/shared/schemas/platform';
import { fakeApi, type Handler } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { aToken } from '../testing/deploy-token';
import { DeployTokensView } from './deploy-tokens-view';

const WHOLE_TOKEN = 'pdt_xxxxxxxx-shown-once-in-this-dialog-only';

/** The tokens on the shared fake API, with the token actions a test answers ("METHOD /api/path"). */
const fakeTokensApi = (tokens: DeployToken[], actions: Record<string, Handler> = {}) =>
  fakeApi({ 'GET /api/platform/deploy-tokens': () => ({ body: { status: 'success', data: tokens } }), ...actions });
const posted = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
const renderTokens = (remoteNames: string[] = []) =>
  renderWithProviders(<DeployTokensView remoteNames={remoteNames} />, { preloadedState: sessionOf(testUsers.super_admin) });

test('lists tokens by their prefix, with their remote, status, creator and uses', async () => {
  fakeTokensApi([
    aToken(),
    aToken({ id: 'dtk_2', remote: 'mf_cards', prefix: 'pdt_yyyyyyyy', revoked_at: '2026-03-02T10:00:00.000Z', created_by: null }),
  ]);
  renderTokens();
  await screen.findByText('pdt_xxxxxxxx…');
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Remote',
    'Token',
    'Status',
    'Created by',
    'Created',
    'Last used',
    'Actions',
  ]);
  const rows = screen.getAllByTestId('deploy-token-row');
  expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
  expect(within(rows[0]!).getByRole('button', { name: 'Revoke pdt_xxxxxxxx' })).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Revoked')).toBeInTheDocument();
  expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getAllByText('Never')).toHaveLength(2);
  expect(screen.getByRole('tab', { name: 'Deploy tokens' })).toHaveAttribute('aria-selected', 'true');
});

test('creates a token for a remote chosen or typed, checks its name, and shows the token once, keeping no copy in the store', async () => {
  const api = fakeTokensApi([], {
    'POST /api/platform/deploy-tokens': (call) => ({
      status: 201,
      body: {
        status: 'success',
        message: 'Deploy token created',
        data: { ...aToken({ remote: (call.body as { remote: string }).remote }), token: WHOLE_TOKEN },
      },
    }),
  });
  const { store } = renderTokens(['mf_cards', 'mf_reports']);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  const dialog = screen.getByRole('dialog', { name: 'Create token' });
  const remote = within(dialog).getByRole('combobox', { name: 'Remote' });
  await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
  expect(within(dialog).getByText('The remote is required')).toBeInTheDocument();
  await user.type(remote, 'mf reports');
  await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
  expect(within(dialog).getByText('A container name: letters, digits and _')).toBeInTheDocument();
  expect(posted(api)).toEqual([]);

  // The released remotes are offered as the name is typed.
  await user.clear(remote);
  await user.type(remote, 'mf_c');
  await user.click(await screen.findByRole('option', { name: 'mf_cards' }));
  expect(remote).toHaveValue('mf_cards');
  await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
  const shown = await screen.findByRole('dialog', { name: 'Deploy token for mf_cards' });
  expect(posted(api)).toEqual([['/api/platform/deploy-tokens', { remote: 'mf_cards' }]]);
  expect(within(shown).getByTestId('deploy-token-secret').textContent).toBe(WHOLE_TOKEN);
  expect(within(shown).getByText(/^Copy this token now: it will not be shown again/)).toBeInTheDocument();
  expect(await screen.findByText('Deploy token created')).toBeInTheDocument();
  expect(JSON.stringify(store.getState())).not.toContain(WHOLE_TOKEN);
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText(WHOLE_TOKEN)).not.toBeInTheDocument());
});

test('a name no remote has yet may be typed: a new remote gets its token before its first release', async () => {
  const api = fakeTokensApi([], {
    'POST /api/platform/deploy-tokens': () => ({
      status: 201,
      body: { status: 'success', message: 'Deploy token created', data: { ...aToken({ remote: 'mf_reports' }), token: WHOLE_TOKEN } },
    }),
  });
  renderTokens(['mf_cards']);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  const dialog = screen.getByRole('dialog', { name: 'Create token' });
  await user.type(within(dialog).getByRole('combobox', { name: 'Remote' }), 'mf_reports');
  await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
  await screen.findByRole('dialog', { name: 'Deploy token for mf_reports' });
  expect(posted(api)).toEqual([['/api/platform/deploy-tokens', { remote: 'mf_reports' }]]);
});

test("Revoke asks first, then revokes; a refusal shows the server's message", async () => {
  const api = fakeTokensApi([aToken()], {
    'POST /api/platform/deploy-tokens/dtk_1/revoke': () => ({
      body: { status: 'success', message: 'Deploy token revoked', data: aToken({ revoked_at: '2026-03-02T10:00:00.000Z' }) },
    }),
  });
  renderTokens();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Revoke pdt_xxxxxxxx' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke pdt_xxxxxxxx…?' });
  expect(dialog).toHaveTextContent('A release of mf_reports made with it is refused from now on');
  expect(posted(api)).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posted(api)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Revoke pdt_xxxxxxxx' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke pdt_xxxxxxxx…?' })).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('Deploy token revoked')).toBeInTheDocument();
  expect(posted(api)).toEqual([['/api/platform/deploy-tokens/dtk_1/revoke', undefined]]);

  api.reply('POST /api/platform/deploy-tokens/dtk_1/revoke', () => ({
    status: 404,
    body: { status: 'error', message: 'No such deploy token', code: 'not_found' },
  }));
  await user.click(screen.getByRole('button', { name: 'Revoke pdt_xxxxxxxx' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke pdt_xxxxxxxx…?' })).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('No such deploy token')).toBeInTheDocument();
});
