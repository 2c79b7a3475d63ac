import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@paydesk/shared/schemas/api-keys';
import { fakeApi, type Handler } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { keepStyleRules } from '@paydesk/shared/testing/style-rules';
import { aKey } from '../testing/api-key';
import { ApiKeysView } from './api-keys-view';

// These tests read styles that classes set.
keepStyleRules();

const WHOLE_KEY = ['sk', 'test', 'shown-once-in-this-dialog-only'].join('_');

/** The keys on the shared fake API, with the key actions a test answers ("METHOD /api/path"). */
const fakeKeysApi = (keys: ApiKey[], actions: Record<string, Handler> = {}) =>
  fakeApi({ 'GET /api/backend/api-keys': () => ({ body: { status: 'success', data: keys } }), ...actions });
const posted = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

test('lists keys by their prefix, with status, creator and last use (KEY-04)', async () => {
  fakeKeysApi([
    aKey(),
    aKey({
      id: 'key_2',
      kind: 'publishable',
      name: 'Pages',
      prefix: 'pk_test_XyZw',
      publishable_key: 'pk_test_XyZw123',
      status: 'expiring',
      expires_at: '2026-03-02T10:00:00.000Z',
      created_by: null,
    }),
  ]);
  renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('sk_test_AbCd…');
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Name',
    'Kind',
    'Key',
    'Status',
    'Created by',
    'Created',
    'Last used',
    'Actions',
  ]);
  expect(screen.getByText('pk_test_XyZw123')).toBeInTheDocument();
  expect(screen.getByText('Expiring')).toBeInTheDocument();
  expect(screen.getByText('Configuration')).toBeInTheDocument();
  expect(screen.getAllByText('Never')).toHaveLength(2);
});

test('a key is one unbroken monospace word, cut with an ellipsis when its column is narrow, whole in its title', async () => {
  fakeKeysApi([aKey(), aKey({ id: 'key_2', kind: 'publishable', prefix: 'pk_test_XyZw', publishable_key: 'pk_test_XyZw123' })]);
  renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.admin) });
  const secret = await screen.findByText('sk_test_AbCd…');
  const publishable = screen.getByText('pk_test_XyZw123');
  expect(secret).toHaveAttribute('title', 'sk_test_AbCd');
  expect(publishable).toHaveAttribute('title', 'pk_test_XyZw123');
  for (const cell of [secret, publishable]) {
    const style = getComputedStyle(cell);
    expect(style.fontFamily).toBe('monospace');
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.overflow).toBe('hidden');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.wordBreak).not.toBe('break-all');
  }
});

test('creates a key and shows it once, keeping no copy in the store (KEY-03)', async () => {
  const api = fakeKeysApi([], {
    'POST /api/backend/api-keys': () => ({
      status: 201,
      body: { status: 'success', data: { key: aKey({ name: 'Shop' }), secret: WHOLE_KEY } },
    }),
  });
  const { store } = renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create key' }));
  const dialog = screen.getByRole('dialog', { name: 'Create key' });
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shop');
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  const shown = await screen.findByRole('dialog', { name: 'Secret key: Shop' });
  expect(posted(api).map((c) => c.body)).toEqual([{ name: 'Shop', kind: 'secret' }]);
  expect(within(shown).getByTestId('api-key-secret').textContent).toBe(WHOLE_KEY);
  expect(JSON.stringify(store.getState())).not.toContain(WHOLE_KEY);
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText(WHOLE_KEY)).not.toBeInTheDocument());
});

test('rolls a key with the chosen grace and shows the new key once (KEY-05)', async () => {
  const previous = aKey({ status: 'expiring', expires_at: '2026-03-04T10:00:00.000Z' });
  const api = fakeKeysApi([aKey()], {
    'POST /api/backend/api-keys/key_1/roll': () => ({
      body: { status: 'success', data: { key: aKey({ id: 'key_2', prefix: 'sk_test_WxYz' }), secret: WHOLE_KEY, previous } },
    }),
  });
  const { store } = renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Roll sk_test_AbCd' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll sk_test_AbCd…?' });
  expect(within(dialog).getByText(/^A new key replaces Order service\./)).toBeInTheDocument();
  await chooseOption(within(dialog).getByRole('combobox', { name: 'Old key expires' }), '3 days', user);
  await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
  const shown = await screen.findByRole('dialog', { name: 'Secret key: Order service' });
  expect(posted(api).map((c) => [c.path, c.body])).toEqual([['/api/backend/api-keys/key_1/roll', { grace_hours: 72 }]]);
  expect(within(shown).getByTestId('api-key-secret').textContent).toBe(WHOLE_KEY);
  expect(within(shown).getByText(/^The previous key \(sk_test_AbCd…\) keeps working until/)).toBeInTheDocument();
  expect(await screen.findByText('API Key Rolled')).toBeInTheDocument();
  expect(JSON.stringify(store.getState())).not.toContain(WHOLE_KEY);
});

test("revoking the last key shows the server's refusal (KEY-07); a viewer sees no actions", async () => {
  const refusal = 'This is the last active secret key: create or roll another one before revoking it';
  const api = fakeKeysApi([aKey()], {
    'POST /api/backend/api-keys/key_1/revoke': () => ({
      status: 409,
      body: { status: 'error', message: refusal, code: 'last_active_key' },
    }),
  });
  const view = renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Revoke sk_test_AbCd' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Revoke sk_test_AbCd…?' })).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText(refusal)).toBeInTheDocument();
  view.unmount();
  api.restore();

  fakeKeysApi([aKey()]);
  renderWithProviders(<ApiKeysView />, { preloadedState: sessionOf(testUsers.viewer) });
  await screen.findByText('sk_test_AbCd…');
  expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
});
