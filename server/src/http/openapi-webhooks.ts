import { z } from 'zod';
import { checkoutObject, disputeObject, paymentObject, refundObject, withdrawalObject } from '@paydesk/shared/schemas/merchant-objects';
import { eventTypes, SIGNATURE_HEADER, webhookEvent, type EventType } from '@paydesk/shared/schemas/webhooks';

/**
 * What Paydesk POSTs to a merchant's webhook endpoints, for the OpenAPI document's `webhooks`
 * (OpenAPI 3.1): one operation per event type (HOOK-01, REF-12), its body the shared
 * `webhookEvent` whose `data.object` is the shared object of merchant-objects.ts (the shapes the
 * merchant API answers, MAPI-01), its headers those of every delivery (HOOK-03,
 * `server/src/webhooks/delivery-worker.ts`).
 */

/** The objects that events carry, by their names in `components.schemas`. */
const objects = {
  CheckoutObject: checkoutObject,
  PaymentObject: paymentObject,
  RefundObject: refundObject,
  DisputeObject: disputeObject,
  WithdrawalObject: withdrawalObject,
};

/** Each event type's object and when it is sent: a new event type does not compile until it is described here. */
const events: Record<EventType, { object: keyof typeof objects; summary: string; description: string }> = {
  'checkout.completed': {
    object: 'CheckoutObject',
    summary: 'A checkout was paid',
    description:
      'Sent when a payment completes its checkout. `data.object` is the checkout with its payments; `transaction_id` names ' +
      'the one payment that paid it (`GET /api/checkout/{reference}` answers the same object).',
  },
  'payment.succeeded': {
    object: 'PaymentObject',
    summary: 'A payment succeeded',
    description:
      'Sent when a payment succeeds: at once, after 3-D Secure, or when a pending payment settles. `data.object` is the ' +
      'payment as `GET /api/payments/{transaction_id}` answers it.',
  },
  'payment.failed': {
    object: 'PaymentObject',
    summary: 'A payment was declined or failed',
    description:
      'Sent when a payment is declined or fails: at once, after 3-D Secure, or when a pending payment settles. `message` ' +
      'says why. A checkout stays payable after a failed payment.',
  },
  'payment.pending': {
    object: 'PaymentObject',
    summary: 'A payment is pending',
    description: 'Sent when a payment is stored as pending: `payment.succeeded` or `payment.failed` follows when it settles.',
  },
  'payment.voided': {
    object: 'PaymentObject',
    summary: 'A payment was voided: nothing was charged',
    description:
      'Sent when a payment of a checkout completes after another payment paid that checkout, or after the checkout closed: ' +
      'it is stored as `voided`, with no fee, no net and nothing charged.',
  },
  'refund.created': {
    object: 'RefundObject',
    summary: 'A refund was created',
    description:
      'Sent when staff or the merchant API create a refund. It is `pending`, and its amount has left the available ' +
      'balance; `refund.succeeded` or `refund.failed` follows when it settles.',
  },
  'refund.succeeded': {
    object: 'RefundObject',
    summary: 'A refund succeeded',
    description: 'Sent when a refund settles successfully. The payment becomes `refunded` once its succeeded refunds reach its amount.',
  },
  'refund.failed': {
    object: 'RefundObject',
    summary: 'A refund failed',
    description:
      'Sent when a refund fails at settlement: `failure_reason` says why, and its amount returns to the available balance, ' +
      'so it can be refunded again.',
  },
  'dispute.created': {
    object: 'DisputeObject',
    summary: "A payment was disputed by the cardholder's bank",
    description:
      'Sent when a dispute opens (`needs_response`: its amount and fee leave the balance, `dispute.funds_withdrawn` follows) or ' +
      'an inquiry opens (`warning_needs_response`: no money moves). Answer with evidence before `evidence_details.due_by` ' +
      '(POST /api/disputes/{id}), or accept it (POST /api/disputes/{id}/close). The payment shows `disputed` while it is open.',
  },
  'dispute.updated': {
    object: 'DisputeObject',
    summary: 'A dispute changed: evidence saved or submitted, or an inquiry became a dispute',
    description:
      'Sent when evidence is saved or submitted (`under_review`), and when an inquiry becomes a dispute (`needs_response`, with ' +
      'a new due date; `dispute.funds_withdrawn` follows).',
  },
  'dispute.closed': {
    object: 'DisputeObject',
    summary: 'A dispute was won, lost or accepted, or an inquiry closed',
    description:
      '`won`: its amount comes back (`dispute.funds_reinstated` follows; the fee does not) and the payment gets its status back. ' +
      '`lost`: accepted, decided against the merchant, or not answered by its due date; nothing more moves and the payment stays ' +
      '`disputed`. `warning_closed`: an inquiry closed without moving money.',
  },
  'dispute.funds_withdrawn': {
    object: 'DisputeObject',
    summary: "A dispute's amount and fee left the available balance",
    description:
      "Sent when a dispute opens, or an inquiry becomes one: the dispute's `amount` and `fee` leave the available balance, " +
      'which may go below zero (withdrawals wait until it is above zero again).',
  },
  'dispute.funds_reinstated': {
    object: 'DisputeObject',
    summary: "A won dispute's amount came back to the available balance",
    description: "Sent when a dispute is won: its `amount` returns to the available balance; the dispute's `fee` is kept.",
  },
  'withdrawal.completed': {
    object: 'WithdrawalObject',
    summary: 'A withdrawal was paid out',
    description: 'Sent when a withdrawal settles and is paid out to the bank account (shown by its last four digits only).',
  },
  'withdrawal.failed': {
    object: 'WithdrawalObject',
    summary: 'A withdrawal failed',
    description: 'Sent when the bank refuses a withdrawal: `failure_reason` says why, and its amount returns to the available balance.',
  },
};

/** `payment.succeeded` → `PaymentSucceededEvent`, its body's name in `components.schemas`. */
export const eventSchemaName = (type: EventType): string =>
  `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Event`;

/** The body of one event type: the shared envelope, with its type and its object. */
const eventBody = (type: EventType) =>
  webhookEvent
    .extend({ type: z.literal(type), data: z.object({ object: objects[events[type].object] }) })
    .describe(`The body of a ${type} delivery, as the back office's event list shows it.`);

/** The objects and the event bodies as JSON Schema 2020-12 (OpenAPI 3.1), referring to each other by `$ref`. */
function schemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(objects)) registry.add(schema, { id: name });
  for (const type of eventTypes) registry.add(eventBody(type), { id: eventSchemaName(type) });
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas;
  // `$id` and `$schema` name a standalone document; inside the OpenAPI document a schema is its place.
  return Object.fromEntries(
    Object.entries(converted).map(([name, schema]) => {
      const { $id: _id, $schema: _schema, ...rest } = schema;
      return [name, rest];
    }),
  );
}

const parameters = {
  PaydeskSignature: {
    name: SIGNATURE_HEADER,
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the HMAC of the timestamp, a dot and the raw body, keyed with ' +
      "the endpoint's signing secret (`whsec_…`). While a rolled secret's grace lasts there is one `v1` per live secret. " +
      'Check it against the raw body before parsing it, accept any matching `v1`, compare in constant time and refuse a ' +
      'timestamp more than 5 minutes away (the README\'s "Verify a webhook" is the code to copy).',
    schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
  },
  PaydeskEventId: {
    name: 'Paydesk-Event-Id',
    in: 'header',
    required: true,
    description:
      "The event's id, as in the body. A delivery may come more than once and out of order: keep the ids handled and skip a repeat.",
    schema: { type: 'string', pattern: '^evt_' },
  },
};

const responses = {
  '2XX': { description: 'Received: any 2xx answer ends the delivery. Answer quickly and do the work afterwards.' },
  default: {
    description:
      'Any other status, a redirect (never followed) or no answer within WEBHOOK_TIMEOUT_SECONDS (10 s by default) is a ' +
      'failed attempt, retried by default after about 1m, 5m, 30m, 2h, 5h, 10h, 10h, 14h and 20h; then the delivery has ' +
      'failed. After 5 failed attempts in a row the endpoint shows as failing, and deliveries go on.',
  },
};

/** The document's `webhooks` and the `components` they refer to. */
export function webhookDocument() {
  return {
    components: { schemas: schemas(), parameters },
    webhooks: Object.fromEntries(
      eventTypes.map((type) => [
        type,
        {
          post: {
            tags: ['webhook events'],
            operationId: `webhook.${type}`,
            summary: events[type].summary,
            description: events[type].description,
            parameters: [{ $ref: '#/components/parameters/PaydeskSignature' }, { $ref: '#/components/parameters/PaydeskEventId' }],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } } },
            },
            responses,
          },
        },
      ]),
    ),
  };
}
