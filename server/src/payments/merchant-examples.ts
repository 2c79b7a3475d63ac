import type { z } from 'zod';

/**
 * Examples of the merchant API's bodies for the OpenAPI document (/api/docs): `withExample`
 * attaches one to a schema as JSON Schema `examples`, which the document shows beside the fields.
 */
export const withExample = <T extends z.ZodType>(schema: T, example: unknown): T => schema.meta({ examples: [example] });

const refund = {
  object: 'refund',
  id: 're_8KXQ2M4RTV7WZ3HJ9PNB5CDE',
  transaction_id: 'TXN4Q7ZK2M9XP3RTV8WB',
  amount: '20.50',
  currency: 'USD',
  status: 'pending',
  reason: 'requested_by_customer',
  note: null,
  failure_reason: null,
  requested_by: 'api',
  created_at: '2026-01-15T10:05:00.000Z',
  settled_at: null,
};

export const examples = {
  createCheckoutRequest: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+15550101',
    amount: 120.5,
    callback_url: 'https://shop.example/paid',
    metadata: { order: 'A-1001' },
  },
  createCheckoutResponse: {
    status: 'success',
    message: 'Checkout created',
    data: { reference: 'chk_7KQ2M4RTV7WZ3HJ9PNB5CDEX', checkout_url: 'https://pay.example.com/checkout/chk_7KQ2M4RTV7WZ3HJ9PNB5CDEX' },
  },
  checkout: {
    status: 'success',
    data: {
      object: 'checkout',
      reference: 'chk_7KQ2M4RTV7WZ3HJ9PNB5CDEX',
      status: 'completed',
      amount: '120.50',
      currency: 'USD',
      customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101' },
      metadata: { order: 'A-1001' },
      callback_url: 'https://shop.example/paid',
      transaction_id: 'TXN4Q7ZK2M9XP3RTV8WB',
      payments: [{ id: 'TXN4Q7ZK2M9XP3RTV8WB', status: 'completed', amount: '120.50', created_at: '2026-01-15T10:00:00.000Z' }],
      amount_refunded: '20.50',
      created_at: '2026-01-15T09:58:12.000Z',
      updated_at: '2026-01-15T10:00:00.000Z',
    },
  },
  payment: {
    status: 'success',
    data: {
      object: 'payment',
      id: 'TXN4Q7ZK2M9XP3RTV8WB',
      order_id: 'ORD9X2K4M7QP3RTV8WBZ',
      checkout_reference: 'chk_7KQ2M4RTV7WZ3HJ9PNB5CDEX',
      status: 'completed',
      amount: '120.50',
      fee: '3.80',
      net: '116.70',
      amount_refunded: '20.50',
      currency: 'USD',
      card: { brand: 'Visa', last4: '4242' },
      message: 'Payment successful',
      refunds: [refund],
      created_at: '2026-01-15T10:00:00.000Z',
      updated_at: '2026-01-15T10:05:00.000Z',
    },
  },
  refundRequest: { transaction_id: 'TXN4Q7ZK2M9XP3RTV8WB', amount: 20.5, reason: 'requested_by_customer', note: 'Returned one item' },
  refundCreated: { status: 'success', message: 'Refund created', data: refund },
  refund: { status: 'success', data: refund },
  notFound: { status: 'error', message: 'No payment has this id', code: 'not_found' },
  idempotencyKey: 'order-A-1001-checkout',
  idempotencyKeyReused: {
    status: 'error',
    message: 'This Idempotency-Key was already used with a different request; use a new key for a new request',
    code: 'idempotency_key_reused',
  },
  refundExceeds: { status: 'error', message: 'Only $100.00 of this payment is left to refund', code: 'refund_exceeds_amount' },
};
