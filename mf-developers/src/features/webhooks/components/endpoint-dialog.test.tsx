import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { ENDPOINT_URL_CREDENTIALS_MESSAGE } from '@paydesk/shared/schemas/webhooks';
import { blankEndpoint } from '../model/endpoint-form';
import { EndpointDialog } from './endpoint-dialog';

/** HOOK-07: credentials never go in an endpoint URL; the field says why, before any call. */
test.each(['https://user:pass@shop.example/hooks', 'https://user@shop.example/hooks', 'https://:secret@shop.example/hooks'])(
  'refuses %s beside the field, with the reason, and sends nothing',
  async (url) => {
    const save = jest.fn(async () => undefined);
    renderWithProviders(<EndpointDialog title="Add endpoint" submitLabel="Add" initial={blankEndpoint} save={save} onClose={() => {}} />, {
      preloadedState: sessionOf(testUsers.admin),
    });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), url);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(ENDPOINT_URL_CREDENTIALS_MESSAGE)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  },
);

test('an address with a query, its values hidden as the server shows them, is sent as it is', async () => {
  const save = jest.fn(async () => undefined);
  const initial = { ...blankEndpoint, url: 'https://shop.example/hooks?token=…redacted', eventTypes: ['payment.succeeded' as const] };
  renderWithProviders(<EndpointDialog title="Edit endpoint" submitLabel="Save" initial={initial} save={save} onClose={() => {}} />, {
    preloadedState: sessionOf(testUsers.admin),
  });
  const user = userEvent.setup();
  await user.click(within(screen.getByRole('dialog', { name: 'Edit endpoint' })).getByRole('button', { name: 'Save' }));
  expect(save).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://shop.example/hooks?token=…redacted' }));
});
