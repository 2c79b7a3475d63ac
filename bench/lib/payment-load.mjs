// Load on the public payment API, as payer pages send it: initialise with the card number, then
// process with the sealed envelope carrying the transaction id that initialisation returned.
//
// closedLoop: autocannon, each connection a payer paying again and again (init, then process,
// chained with setupRequest/onResponse): the most the server does with that many payers.
// openLoop: payments started at a fixed rate whatever the answers (a timer, node:http with
// keep-alive), latency counted from each payment's scheduled start, so a slow answer cannot
// hide the payments queued behind it. autocannon's own overallRate is not used there: it lets
// each connection send its quota at the start of every second and then waits, so the "half
// load" would be full-speed bursts, and a payment whose process call fell past the quota would
// wait for the next second.
import { randomInt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { withCheckDigit } from '../../shared/src/cards/card-rules.ts';
// The payers' envelopes sealed with node:crypto, as the server does (same format as the pages'
// crypto-js): the load generator shares the machine's two cores with the server, and crypto-js
// would cost it about a millisecond of CPU per payment.
import { envelopeKeys, seal } from '../../server/src/payments/envelope.ts';

/** A Luhn-valid Visa number outside the sandbox's test-card table and the demo card pool. */
const randomCard = () => withCheckDigit(`49${String(randomInt(1e13)).padStart(13, '0')}`);
/** A payer's own address (10.x.y.z), sent as X-Forwarded-For to a server that trusts 127.0.0.1. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Latency samples (ms) → p50/p90/p99/max, nearest rank. */
export function latencySummary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  const round = (ms) => Math.round(ms * 100) / 100;
  return { p50_ms: round(at(0.5)), p90_ms: round(at(0.9)), p99_ms: round(at(0.99)), max_ms: round(at(1)) };
}

/** What one payment sends; `addresses: 'per-payment'` gives each payment its own client address. */
function paymentCalls({ publishableKey, envelopeKey, addresses }) {
  const keys = envelopeKeys(envelopeKey);
  const year = String(new Date().getFullYear() + 2);
  const headersFor = (address) => ({
    authorization: `Bearer ${publishableKey}`,
    'content-type': 'application/json',
    ...(address ? { 'x-forwarded-for': address } : {}),
  });
  const start = () => {
    const card = randomCard();
    const address = addresses === 'per-payment' ? randomAddress() : undefined;
    return { card, address, body: JSON.stringify({ card_number: card, currency: 'USD', reference: null }), headers: headersFor(address) };
  };
  const processBody = (payment, ids) =>
    JSON.stringify({
      data: seal(
        {
          transaction_id: ids.transactionId,
          order_id: ids.orderId,
          reference: null,
          card_number: payment.card,
          card_month: '12',
          card_year: year,
          cvv: '123',
          amount: 49.99,
          currency: 'USD',
          email: 'payer@example.com',
          phone: '+15550100',
          first_name: 'Pat',
          last_name: 'Payer',
          cardBrand: 'Visa',
          checkout: false,
          checkout_reference: null,
        },
        keys,
      ),
    });
  return { start, processBody, headersFor };
}

/** Completed payments and their latency, counted from `from` (ms, performance.now()) on. */
function tally(from) {
  return { from, payments: 0, failures: 0, firstFailure: undefined, latencies: [], statuses: {} };
}
const record = (t, started, status, body) => {
  t.statuses[status] = (t.statuses[status] ?? 0) + 1;
  if (started < t.from) return;
  if (status === 200 && body.includes('"Payment successful"')) {
    t.payments += 1;
    t.latencies.push(performance.now() - started);
  } else {
    t.failures += 1;
    t.firstFailure ??= `${status} ${String(body).slice(0, 200)}`;
  }
};

/** autocannon, `connections` payers paying back to back for `seconds` (after `warmup` seconds unmeasured). */
export async function closedLoop({ baseUrl, connections, seconds, warmup = 2, ...keys }) {
  const calls = paymentCalls(keys);
  const t = tally(performance.now() + warmup * 1000);
  const failInit = (status, body) => {
    t.failures += 1;
    t.firstFailure ??= `initialise: ${status} ${String(body).slice(0, 200)}`;
  };
  const requests = [
    {
      method: 'POST',
      path: '/api/initialize-card-transaction',
      setupRequest: (req, context) => {
        context.payment = calls.start();
        context.started = performance.now();
        return { ...req, headers: context.payment.headers, body: context.payment.body };
      },
      onResponse: (status, body, context) => {
        if (status === 200) context.ids = JSON.parse(body).data;
        else failInit(status, body);
      },
    },
    {
      method: 'POST',
      path: '/api/process-card-transaction',
      // Without a transaction id (its initialisation failed) autocannon starts the next payment.
      setupRequest: (req, context) =>
        context.ids && { ...req, headers: context.payment.headers, body: calls.processBody(context.payment, context.ids) },
      onResponse: (status, body, context) => record(t, context.started, status, body),
    },
  ];
  const result = await autocannon({ url: baseUrl, connections, duration: seconds + warmup, requests });
  const measured = (performance.now() - t.from) / 1000;
  return {
    connections,
    seconds: Math.round(measured * 10) / 10,
    payments: t.payments,
    failures: t.failures,
    first_failure: t.firstFailure,
    payments_per_s: Math.round(t.payments / measured),
    ...latencySummary(t.latencies),
    http: {
      requests_per_s: Math.round(result.requests.average),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statuses: t.statuses,
    },
  };
}

/** `rate` payments a second started on a timer for `seconds`, over at most `sockets` keep-alive connections. */
export async function openLoop({ baseUrl, rate, seconds, warmup = 2, sockets = 64, ...keys }) {
  const calls = paymentCalls(keys);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(baseUrl);
  const post = (path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request({ agent, host: url.hostname, port: url.port, method: 'POST', path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const t = tally(performance.now() + warmup * 1000);
  const pay = async (scheduled) => {
    const payment = calls.start();
    try {
      const init = await post('/api/initialize-card-transaction', payment.headers, payment.body);
      if (init.status !== 200) return record(t, scheduled, init.status, `initialise: ${init.body}`);
      const done = await post('/api/process-card-transaction', payment.headers, calls.processBody(payment, JSON.parse(init.body).data));
      record(t, scheduled, done.status, done.body);
    } catch (error) {
      record(t, scheduled, 'error', error.message);
    }
  };
  const t0 = performance.now();
  const total = Math.round(rate * (seconds + warmup));
  const inFlight = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = t0 + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(pay(scheduled));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const measured = (performance.now() - t.from) / 1000;
  return {
    rate,
    sockets,
    seconds: Math.round(measured * 10) / 10,
    payments: t.payments,
    failures: t.failures,
    first_failure: t.firstFailure,
    payments_per_s: Math.round(t.payments / measured),
    ...latencySummary(t.latencies),
    statuses: t.statuses,
  };
}

/** autocannon on one GET (the checkout validation), `connections` clients back to back. */
export async function getLoop({ baseUrl, path, headers, connections, seconds, warmup = 1, addresses }) {
  // Each call from its own address, like the payments, or all from loopback.
  const requests = [
    {
      method: 'GET',
      path,
      setupRequest: (req) => (addresses === 'per-payment' ? { ...req, headers: { ...headers, 'x-forwarded-for': randomAddress() } } : req),
    },
  ];
  const options = { url: baseUrl, headers, connections, requests };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    connections,
    seconds,
    requests: result.requests.total,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
