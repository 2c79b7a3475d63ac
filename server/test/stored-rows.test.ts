import type { FastifyInstance, InjectOptions, onRouteHookHandler } from 'fastify';
import { envelopeKeys, open } from '@paydesk/shared/crypto/envelope';
import { builtInRoles } from '@paydesk/shared/roles';
import { checkoutRequest } from '@paydesk/shared/schemas/checkout';
import { transactionResult, type TransactionResult } from '@paydesk/shared/schemas/payment';
import { transactionStatuses } from '@paydesk/shared/schemas/transaction';
import { buildApp } from '../src/app';
import type { EphemeralConfig } from '../src/ephemeral-config';
import { getWalk } from './get-walk';
import { bearer, captureLogs, login, openTestDb, testConfig, type TestDb } from './helper';
import type { Identity } from './identities';
import { payerClient } from './payments-client';
import { expectedStatus, routeKey, routeTable, type Fixtures, type RouteRule } from './route-access';
import { readStoredRows, storeEveryKindOfRow, type StoredRows } from './stored-rows';

/**
 * Every GET call of the app over every kind of row the database can hold (stored-rows.ts): each
 * answers what the roles policy says (2xx, or a deliberate 401/403), never a 5xx, so no stored
 * row can break an answer's schema.
 */
const registered = new Set<string>();
const onRoute: onRouteHookHandler = (route) => {
  for (const method of [route.method].flat()) if (method === 'GET') registered.add(routeKey(method, route.url));
};

let testDb: TestDb;
let app: FastifyInstance;
let config: EphemeralConfig;
let rows: StoredRows;
let tokens: Record<string, string>;
beforeAll(async () => {
  testDb = await openTestDb();
  config = testConfig({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  await storeEveryKindOfRow(testDb.db, config);
  app = await buildApp({ config, db: testDb.db, logger: captureLogs().logger, onRoute });
  // Payments of each kind the sandbox makes, through the API itself.
  const payer = payerClient(app, config);
  for (const card of [
    '4242424242424242',
    '4000000000000002',
    '4000000000000119',
    '4000000000007205',
    '4000000000003220',
    '4000002760003184',
  ]) {
    const { response } = await payer.pay(card);
    if (response.statusCode !== 200) throw new Error(`payment with ${card}: ${response.body}`);
  }
  rows = await readStoredRows(testDb.db);
  tokens = Object.fromEntries(
    await Promise.all(builtInRoles.map(async (role) => [role, await login(app, `${role.replace('_', '')}@paydesk.test`)] as const)),
  );
}, 180_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const getRules = routeTable.filter((rule) => rule.method === 'GET');
const ruleOf = (key: string): RouteRule => {
  const rule = getRules.find((r) => routeKey(r.method, r.route) === key);
  if (!rule) throw new Error(`${key} is not in route-access.ts`);
  return rule;
};

/** The callers a route has: each role for a session route, its key for a keyed one, nobody for an open one. */
function callersOf(rule: RouteRule): { identity: Identity; headers: Record<string, string> }[] {
  switch (rule.access.kind) {
    case 'session':
      return builtInRoles.map((role) => ({ identity: { name: role, kind: 'role' as const, role }, headers: bearer(tokens[role]!) }));
    case 'key': {
      const key = rule.access.key;
      return [
        {
          identity: { name: key, kind: 'key' as const, key },
          headers: bearer(key === 'publishable' ? config.publishableKey : config.secretKey),
        },
      ];
    }
    case 'open':
      return [{ identity: { name: 'anonymous', kind: 'anonymous' as const }, headers: {} }];
  }
}

/** A route that reads no stored row asks nothing of the fixtures; any use of them is a mistake in the walk table. */
const noFixtures = new Proxy({} as Fixtures, {
  get: (_target, name) => {
    throw new Error(`a 'fixed' walk entry used fixtures.${String(name)}`);
  },
});

async function urlsOf(key: string): Promise<string[]> {
  const walk = getWalk[key]!;
  if (walk !== 'fixed') return walk(rows);
  return [(await ruleOf(key).request(noFixtures)).url];
}

test('the walk covers every GET route the app registers, and names no route the app lacks', () => {
  const walked = Object.keys(getWalk);
  expect({
    notWalked: [...registered].filter((key) => !walked.includes(key)).sort(),
    notInApp: walked.filter((key) => !registered.has(key)).sort(),
  }).toEqual({ notWalked: [], notInApp: [] });
});

test('the database holds every transaction status, demo rows (PD…) and first-release rows among them', () => {
  expect(new Set(rows.transactions.map((t) => t.status))).toEqual(new Set(transactionStatuses));
  // The demo seed and the first release never write `voided`: only a payment that lost its checkout is.
  for (const status of transactionStatuses.filter((status) => status !== 'voided')) {
    expect(rows.transactions.some((t) => t.status === status && t.transaction_id.startsWith('PD'))).toBe(true);
    expect(rows.transactions.some((t) => t.status === status && t.transaction_id.startsWith('OLDBARE'))).toBe(true);
  }
});

/** A route that reads one transaction is asked for each, twice (by id and by reference), by each role, one call after another. */
const EVERY_ROW = 120_000;

describe.each(
  Object.keys(getWalk)
    .sort()
    .map((key) => [key]),
)('%s', (key) => {
  test(
    'answers every stored row as the roles policy says, never with a 5xx',
    async () => {
      const rule = ruleOf(key);
      const wrong: string[] = [];
      for (const url of await urlsOf(key)) {
        for (const { identity, headers } of callersOf(rule)) {
          const request: InjectOptions = { method: 'GET', url, headers };
          const response = await app.inject(request);
          const expected = expectedStatus(rule, identity);
          if (response.statusCode !== expected)
            wrong.push(`${identity.name} ${url}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 200)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    EVERY_ROW,
  );
});

describe('what the payer pages read of stored rows', () => {
  const payerHeaders = () => bearer(config.publishableKey);

  test('every checkout opens and parses as the widget parses it', async () => {
    const keys = envelopeKeys(config.cardEnvelopeKey);
    for (const reference of rows.checkouts) {
      const response = await app.inject({ url: `/api/checkout/validate/${reference}`, headers: payerHeaders() });
      expect(checkoutRequest.safeParse(open((response.json() as { data: string }).data, keys)).success).toBe(true);
    }
  });

  test('a requery says completed for a successful payment, failed or its own status otherwise, and pending only for a pending one', async () => {
    const verdicts = new Set<string>();
    for (const t of rows.transactions) {
      const response = await app.inject({
        url: `/api/checkout/requery?reference=${encodeURIComponent(t.transaction_id)}`,
        headers: payerHeaders(),
      });
      const result = transactionResult.parse((response.json() as { data: TransactionResult }).data);
      const verdict = `${t.status} → ${result.status}${result.paymentCompleted ? ' (paid)' : ''}${result.response_message ? '' : ' (no message)'}`;
      verdicts.add(verdict);
    }
    expect([...verdicts].sort()).toEqual([
      'completed → completed (paid)',
      'disputed → disputed',
      'failed → failed',
      'pending → pending',
      'pending → pending_3d',
      'refunded → refunded',
      'success → completed (paid)',
      'voided → voided',
    ]);
  });
});
