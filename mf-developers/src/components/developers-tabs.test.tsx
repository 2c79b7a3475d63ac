import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { DevelopersTabs } from './developers-tabs';

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

test('the two lists are navigation tabs: the current one is selected and the page, a click or the keyboard opens the other', async () => {
  renderWithProviders(
    <>
      <DevelopersTabs current="webhooks" />
      <Address />
    </>,
    { route: '/control/developers' },
  );
  const nav = screen.getByRole('navigation', { name: 'Developers' });
  expect(nav).toBeInTheDocument();
  const webhooks = screen.getByRole('tab', { name: 'Webhooks' });
  expect(webhooks).toHaveAttribute('aria-selected', 'true');
  expect(webhooks).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('tab', { name: 'Events' })).not.toHaveAttribute('aria-current');

  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Events' }));
  expect(screen.getByTestId('address').textContent).toBe('/control/developers/events');

  await user.click(webhooks);
  await user.keyboard('{ArrowRight}{Enter}');
  expect(screen.getByTestId('address').textContent).toBe('/control/developers/events');
});
