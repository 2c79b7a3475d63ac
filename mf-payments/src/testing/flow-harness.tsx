import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pasteInto } from '@paydesk/shared/testing/paste';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { PaymentFlow } from '../app/payment-flow';
import type { PaymentDetails } from '../features/card-dialog/model/payment-details';

export const standalone: PaymentDetails = {
  amount: 25,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '5550100',
  checkoutReference: null,
};
export const widget: PaymentDetails = { ...standalone, checkoutReference: 'ref-1' };

/** Where the flow went: path, query and the navigation state, as text. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>;
}

function Flow({ details }: { details: PaymentDetails }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <PaymentFlow details={details} cardOpen={open} onCardClose={() => setOpen(false)} />
      <span data-testid="card-open">{String(open)}</span>
    </>
  );
}

export function renderFlow(details: PaymentDetails = standalone) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<Flow details={details} />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
  );
}

export const futureExpiry = () => `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/** Pastes a card, an expiry in the future and a CVV, as a payer's password manager fills them; returns the user for further steps. */
export async function enterCard(cardNumber = '4242424242424242', cvv = '123') {
  const user = userEvent.setup({ delay: null });
  await pasteInto(user, screen.getByLabelText('Card Number'), cardNumber);
  await pasteInto(user, screen.getByLabelText('Expiry (MM/YY)'), futureExpiry().replace('/', ''));
  await pasteInto(user, screen.getByLabelText('CVV'), cvv);
  return user;
}

export const payButton = () => screen.getByRole('button', { name: 'Pay USD' }) as HTMLButtonElement;
export const location = () => screen.getByTestId('location').textContent ?? '';
