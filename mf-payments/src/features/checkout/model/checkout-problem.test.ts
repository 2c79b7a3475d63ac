import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { checkoutRefusal, validationProblem } from './checkout-problem';

const checkout: CheckoutRequest = {
  reference: 'ref-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '555',
  amount: 25,
  metadata: {},
  callback_url: 'https://shop.example/done',
  status: 'pending',
};

test('completed, failed and a non-positive amount are refused with the ERR-03 texts', () => {
  expect(checkoutRefusal({ ...checkout, status: 'completed' })?.message).toBe('This payment has already been completed');
  expect(checkoutRefusal({ ...checkout, status: 'failed' })?.message).toBe('This payment has failed');
  expect(checkoutRefusal({ ...checkout, amount: 0 })?.message).toBe('Invalid payment amount');
  expect(checkoutRefusal({ ...checkout, amount: -5 })?.message).toBe('Invalid payment amount');
});

test('pending and cancelled checkouts are payable', () => {
  expect(checkoutRefusal(checkout)).toBeNull();
  expect(checkoutRefusal({ ...checkout, status: 'cancelled' })).toBeNull();
});

test('validation errors map to the ERR-02 texts', () => {
  expect(validationProblem({ status: 'FETCH_ERROR', error: 'TypeError' })).toEqual({
    card: 'Payment Error',
    message: 'Unable to validate reference. Please try again.',
  });
  expect(validationProblem({ status: 404, data: { status: 'error', message: 'Invalid reference' } })).toEqual({
    card: 'Invalid Reference',
    message: 'Invalid reference',
  });
  expect(validationProblem({ status: 404, data: {} })).toEqual({ card: 'Invalid Reference', message: 'Invalid reference' });
  expect(validationProblem({ status: 500, data: {} })).toEqual({ card: 'Payment Error', message: 'Failed to validate reference' });
  expect(validationProblem({ status: 'CUSTOM_ERROR', error: 'Invalid response' })).toEqual({
    card: 'Payment Error',
    message: 'Invalid response',
  });
});
