import {
  checkoutEventTypes,
  createEndpointRequest,
  DISPUTE_OPENED_EVENT,
  disputeEventTypes,
  disputeFundsEventTypes,
  ENDPOINT_URL_CREDENTIALS_MESSAGE,
  eventTypes,
  HIDDEN_URL_PART,
  MAX_ENDPOINT_URL,
  paymentEventTypes,
  refundEventTypes,
  shownEndpointUrl,
  withdrawalEventTypes,
} from './webhooks';

/** HOOK-07: what an endpoint URL shows, and what it may hold. */
describe('shownEndpointUrl', () => {
  test.each([
    ['https://hooks.example/in', 'https://hooks.example/in'],
    ['https://Hooks.example', 'https://Hooks.example'],
    ['https://hooks.example/in?token=s3cret&v=2', 'https://hooks.example/in?token=…redacted&v=…redacted'],
    ['https://hooks.example/in?s3cret', 'https://hooks.example/in?…redacted'],
    ['https://hooks.example/in?flag=&token=s3cret', 'https://hooks.example/in?flag=&token=…redacted'],
    ['https://hooks.example/in?a=&b=', 'https://hooks.example/in?a=&b='],
    ['https://hooks.example/in#s3cret', 'https://hooks.example/in#…redacted'],
    ['https://user:s3cret@hooks.example/in', 'https://…redacted@hooks.example/in'],
    ['not a url s3cret', HIDDEN_URL_PART],
  ])('%s shows as %s, and that as itself', (url, shown) => {
    expect(shownEndpointUrl(url)).toBe(shown);
    expect(shownEndpointUrl(shown)).toBe(shown);
  });

  test('a URL whose values lengthen past the limit keeps its origin only', () => {
    const url = `https://hooks.example/in?${'a=1&'.repeat(500)}`;
    expect(url.length).toBeLessThanOrEqual(MAX_ENDPOINT_URL);
    expect(shownEndpointUrl(url)).toBe(`https://hooks.example/${HIDDEN_URL_PART}`);
  });
});

describe('an endpoint URL', () => {
  test.each(['https://user:pass@hooks.example/in', 'https://user@hooks.example/in', 'http://:pass@hooks.example/in'])(
    '%s is refused: no user name or password',
    (url) => {
      const parsed = createEndpointRequest.safeParse({ url, event_types: ['payment.succeeded'] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([ENDPOINT_URL_CREDENTIALS_MESSAGE]);
    },
  );

  test('with a query, and as shown, is taken', () => {
    for (const url of ['https://hooks.example/in?token=s3cret', 'https://hooks.example/in?token=…redacted'])
      expect(createEndpointRequest.safeParse({ url, event_types: ['payment.succeeded'] }).success).toBe(true);
  });
});

describe('the event types', () => {
  test('are each written by some status of some object', () => {
    const written = [
      paymentEventTypes,
      checkoutEventTypes,
      refundEventTypes,
      withdrawalEventTypes,
      disputeEventTypes,
      disputeFundsEventTypes,
      { opened: DISPUTE_OPENED_EVENT },
    ].flatMap((types) => Object.values(types).filter((type) => type !== null));
    expect(new Set(written)).toEqual(new Set(eventTypes));
  });
});
