import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { rowCounts } from './db-snapshot';
import { buildTestApp, type TestApp } from './helper';
import { identityHeaders, type IdentityHeaders } from './identities';
import { envelopeKeys, seal } from '@paydesk/shared/crypto/envelope';
import { hostileJson } from './hostile-values';
import { multipartRequest, multipartSpec, mutate, mutation } from './hostile-requests';
import { payerClient } from './payments-client';
import { matrixFixtures } from './matrix-fixtures';
import { routeTable, type Fixtures, type RouteRule } from './route-access';

/**
 * fast-check over every route of the table: its valid request, then a body, a field, a query
 * value or a path parameter replaced with something hostile. Never a 5xx; a 4xx is the JSON
 * error envelope; a refused call stores nothing; the server still answers afterwards.
 */
/** Inputs per route; HOSTILE_RUNS raises them all for a longer hunt (HOSTILE_RUNS=200 takes a few minutes). */
const scale = Number(process.env.HOSTILE_RUNS ?? 30) / 30;
const RUNS_PER_ROUTE = Math.round(30 * scale);
const RUNS_ENVELOPE = Math.round(60 * scale);
const RUNS_UPLOAD = Math.round(50 * scale);
const TIMEOUT = 30_000 * Math.max(1, scale);
const stored = ['users', 'transactions', 'withdrawals', 'ledger_entries', 'pool_cards', 'checkouts', 'disputes', 'files'] as const;

let t: TestApp;
let who: IdentityHeaders;
let fixtures: Fixtures;
const tried: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  who = await identityHeaders(t);
  fixtures = await matrixFixtures(t);
}, 120_000);
afterAll(async () => {
  const counts = Object.values(tried);
  console.info(
    `hostile input: ${counts.reduce((a, b) => a + b, 0)} inputs over ${counts.length} routes; per route: ${JSON.stringify(tried)}`,
  );
  await t?.close();
});

/** A caller the route lets in, so that input, not access, is what is tested. */
async function allowedHeaders(rule: RouteRule): Promise<Record<string, string>> {
  const { access } = rule;
  if (access.kind === 'open') return {};
  if (access.kind === 'key') return who.headers({ name: `${access.key} key`, kind: 'key', key: access.key });
  const superAdmin = { name: 'super_admin', kind: 'role', role: 'super_admin' } as const;
  return rule.endsSession ? who.fresh(superAdmin) : who.headers(superAdmin);
}

/** Pages, scripts and the sandbox issuer's HTML are not the JSON API. */
const answersJson = (rule: RouteRule) =>
  !rule.route.startsWith('/api/sandbox/acs') && !rule.route.startsWith('/api/docs') && !rule.route.startsWith('/demo/merchant');

interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
}

/** The properties every answer to a hostile request must have. Returns what is wrong, or null. */
function badAnswer(response: Answer, json: boolean): string | null {
  if (response.statusCode >= 500) return `a ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400 || !json) return null;
  if (!response.contentType.includes('application/json')) return `a ${response.statusCode} of type ${response.contentType}`;
  const body = JSON.parse(response.body) as Record<string, unknown>;
  if (body.status !== 'error' || typeof body.message !== 'string' || body.message === '')
    return `a ${response.statusCode} without the error envelope: ${response.body.slice(0, 300)}`;
  return null;
}

const answer = (r: LightMyRequestResponse): Answer => ({
  statusCode: r.statusCode,
  contentType: String(r.headers['content-type'] ?? ''),
  body: r.body,
});

/** Sends one hostile request and checks it; a refusal must leave the stored data as it was. */
async function check(rule: RouteRule, request: InjectOptions): Promise<void> {
  const before = await rowCounts(t.db, stored);
  const response = await t.app.inject(request);
  const wrong = badAnswer(answer(response), answersJson(rule));
  if (wrong) throw new Error(`${request.method} ${String(request.url).slice(0, 200)} got ${wrong}`);
  if (response.statusCode >= 400) expect(await rowCounts(t.db, stored)).toEqual(before);
}

const routes = routeTable.filter((rule) => rule.route !== '/api/backend/cards/upload');

describe('every route of the table, with hostile input', () => {
  test.each(routes.map((rule) => [`${rule.method} ${rule.route}`, rule] as const))(
    '%s',
    async (name, rule) => {
      const auth = await allowedHeaders(rule);
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          tried[name] = (tried[name] ?? 0) + 1;
          const valid = await rule.request(fixtures);
          const headers = rule.endsSession ? await allowedHeaders(rule) : auth;
          const request = mutate(rule, valid, change);
          await check(rule, { ...request, headers: { ...(request.headers as Record<string, string>), ...headers } });
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    TIMEOUT,
  );
});

describe('the encrypted card envelope of POST /api/process-card-transaction', () => {
  const rule = routeTable.find((r) => r.route === '/api/process-card-transaction')!;
  const name = 'POST /api/process-card-transaction (envelopes)';
  const flip = (text: string, at: number) => {
    const i = at % text.length;
    const swapped = text[i] === 'A' ? 'B' : text[i] === '0' ? '1' : /[0-9a-f]/.test(text[i]!) ? '0' : 'A';
    return text.slice(0, i) + swapped + text.slice(i + 1);
  };
  // What fits in an envelope (16 KB): larger values only meet the size check, which the generic run covers.
  const sealable = fc.oneof(
    hostileJson.filter((text) => text.length < 8_000),
    fc.constantFrom('['.repeat(3_000) + ']'.repeat(3_000), '{"a":'.repeat(1_500) + '1' + '}'.repeat(1_500)),
  );
  /** How a sealed envelope goes wrong, given a real one of a real initialised payment. */
  const envelope = fc.oneof(
    fc.base64String({ maxLength: 400 }).map((junk) => () => junk),
    fc.tuple(fc.base64String({ maxLength: 40 }), fc.base64String({ maxLength: 200 }), fc.stringMatching(/^[0-9a-f]{64}$/)).map(
      ([iv, data, mac]) =>
        () =>
          `v1.${iv}.${data}.${mac}`,
    ),
    fc.nat().map((at) => (real: string) => real.slice(0, at % real.length)),
    fc.nat().map((at) => (real: string) => {
      const parts = real.split('.');
      return [...parts.slice(0, 3), flip(parts[3]!, at)].join('.');
    }),
    fc.nat().map((at) => (real: string) => {
      const parts = real.split('.');
      return [parts[0], parts[1], flip(parts[2]!, at), parts[3]].join('.');
    }),
    fc.constantFrom('v2', 'v1.', '....', 'v1.a.b.c.d').map((text) => () => text),
    fc.constant((_real: string, payload: Record<string, unknown>) => seal(payload, envelopeKeys(randomBytes(32).toString('hex')))),
    sealable.map(
      (text) => (_real: string, _payload: Record<string, unknown>, keys: ReturnType<typeof envelopeKeys>) => seal(JSON.parse(text), keys),
    ),
    fc
      .tuple(fc.nat(), sealable)
      .map(([at, text]) => (_real: string, payload: Record<string, unknown>, keys: ReturnType<typeof envelopeKeys>) => {
        const key = Object.keys(payload)[at % Object.keys(payload).length]!;
        return seal({ ...payload, [key]: JSON.parse(text) }, keys);
      }),
  );

  test(
    'random, truncated, tampered, foreign and hostile sealed envelopes',
    async () => {
      const payer = payerClient(t.app, t.config);
      await fc.assert(
        fc.asyncProperty(envelope, async (make) => {
          tried[name] = (tried[name] ?? 0) + 1;
          const init = await payer.initialize('4242424242424242');
          const ids = (init.json() as { data: { transactionId: string; orderId: string } }).data;
          const payload = payer.payload(ids, '4242424242424242') as unknown as Record<string, unknown>;
          const data = make(seal(payload, payer.keys), payload, payer.keys);
          await check(rule, { method: 'POST', url: rule.route, headers: payer.headers, payload: { data } });
        }),
        { numRuns: RUNS_ENVELOPE },
      );
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    TIMEOUT,
  );
});

describe.each(['/api/files', '/api/backend/files'])('malformed multipart for POST %s', (route) => {
  const rule = routeTable.find((r) => r.method === 'POST' && r.route === route)!;
  const name = `POST ${route} (multipart)`;

  test(
    'wrong boundary, truncated, two files, other fields, files of any bytes and names',
    async () => {
      const auth = await allowedHeaders(rule);
      await fc.assert(
        fc.asyncProperty(multipartSpec, fc.boolean(), async (spec, withPurpose) => {
          tried[name] = (tried[name] ?? 0) + 1;
          // With the purpose first, the file's own checks are reached more often than the form's.
          const parts = withPurpose
            ? [{ name: 'purpose', filename: null, content: Buffer.from('dispute_evidence') }, ...spec.parts]
            : spec.parts;
          const { payload, headers } = multipartRequest({ ...spec, parts });
          await check(rule, { method: 'POST', url: rule.route, headers: { ...headers, ...auth }, payload });
        }),
        { numRuns: RUNS_UPLOAD },
      );
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    TIMEOUT,
  );
});

describe('malformed multipart for POST /api/backend/cards/upload', () => {
  const rule = routeTable.find((r) => r.route === '/api/backend/cards/upload')!;
  const name = 'POST /api/backend/cards/upload (multipart)';

  test(
    'wrong boundary, truncated, two files, other fields, not a spreadsheet, hostile cells',
    async () => {
      const auth = await allowedHeaders(rule);
      await fc.assert(
        fc.asyncProperty(multipartSpec, async (spec) => {
          tried[name] = (tried[name] ?? 0) + 1;
          const { payload, headers } = multipartRequest(spec);
          await check(rule, { method: 'POST', url: rule.route, headers: { ...headers, ...auth }, payload });
        }),
        { numRuns: RUNS_UPLOAD },
      );
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    TIMEOUT,
  );
});
