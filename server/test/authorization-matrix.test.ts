import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions, onRouteHookHandler } from 'fastify';
import { apiError } from '@paydesk/shared/schemas/common';
import { snapshot } from './db-snapshot';
import { buildTestApp, type TestApp } from './helper';
import { identities, identityHeaders, type Identity, type IdentityHeaders } from './identities';
import { matrixFixtures } from './matrix-fixtures';
import { permissionIdentities, type PermissionIdentities } from './permission-identities';
import { expectedStatus, routeKey, routeTable, tableKeys, type Fixtures, type RouteRule } from './route-access';

/**
 * Every route × every identity (identities.ts) against the one table (route-access.ts). A refused
 * caller must get 401/403 with a JSON error, never reach the route's handler, and change no row of
 * any table. Every route that names a permission is also called by the identities the permission
 * catalogue generates (permission-identities.ts): a custom role per permission, holding exactly it
 * and what it implies, and one custom role of several (PERM-01, PERM-09). The routes without a
 * permission answer any session alike, which the built-in roles already show, as they show HEAD.
 */
const registered = new Set<string>();
const reached: string[] = [];

/** Records each route as the app registers it, and wraps its handler to record every call that gets that far. */
const onRoute: onRouteHookHandler = (route) => {
  for (const method of [route.method].flat()) registered.add(routeKey(method, route.url));
  const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
  route.handler = function recorded(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    reached.push(routeKey(request.method, route.url));
    return handler.call(this, request, reply);
  };
};

let t: TestApp;
let who: IdentityHeaders;
let fixtures: Fixtures;
let generated: PermissionIdentities;
/** CPU time (user + system, µs) the generated identities cost (their users, requests and calls), and their calls. */
const generatedCost = { micros: 0, calls: 0 };
const fileCpu = process.cpuUsage();
const countCpu = (since: NodeJS.CpuUsage) => {
  const spent = process.cpuUsage(since);
  generatedCost.micros += spent.user + spent.system;
};
beforeAll(async () => {
  // Demo mode adds the merchant demo's routes; no front-end build, so only the API's routes and /remotes.json.
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' }, { onRoute });
  who = await identityHeaders(t);
  fixtures = await matrixFixtures(t);
  const cpu = process.cpuUsage();
  generated = await permissionIdentities(t);
  countCpu(cpu);
}, 120_000);
afterAll(() => t?.close());

const difference = (a: Iterable<string>, b: Iterable<string>): string[] => {
  const other = new Set(b);
  return [...new Set(a)].filter((key) => !other.has(key)).sort();
};

describe('the route table', () => {
  test('names every route the app registers, and no route the app lacks', () => {
    expect({ missingFromTable: difference(registered, tableKeys()), notInApp: difference(tableKeys(), registered) }).toEqual({
      missingFromTable: [],
      notInApp: [],
    });
  });

  test('a new route that the table lacks is caught', () => {
    expect(difference([...registered, 'DELETE /api/backend/cards/:id'], tableKeys())).toEqual(['DELETE /api/backend/cards/:id']);
  });
});

const cases = routeTable.flatMap((rule) =>
  (rule.method === 'GET' ? (['GET', 'HEAD'] as const) : [rule.method]).map((method) => ({ rule, method })),
);

const refused = (rule: RouteRule, status: number) => rule.access.kind !== 'open' && (status === 401 || status === 403);

interface Planned {
  identity: Identity;
  expected: number;
  request: InjectOptions;
}

const namesPermission = (rule: RouteRule) => rule.access.kind === 'session' && rule.access.permission !== undefined;
const isGenerated = (identity: Identity) => identity.kind === 'custom';

describe.each(cases.map((c) => [`${c.method} ${c.rule.route}`, c] as const))('%s', (_name, { rule, method }) => {
  test('every identity gets what its permissions say', async () => {
    const planned: Planned[] = [];
    // HEAD runs GET's hooks (Fastify adds it with them), which the built-in roles' calls show: not again per permission.
    const byPermission = namesPermission(rule) && method !== 'HEAD';
    const callers = byPermission ? [...identities, ...generated.single, generated.mixed] : identities;
    // The generated identities that must be refused share one request: a refused call uses up nothing.
    let refusedRequest: Awaited<ReturnType<RouteRule['request']>> | undefined;
    for (const identity of callers) {
      const cpu = process.cpuUsage();
      const expected = expectedStatus(rule, identity);
      const request =
        isGenerated(identity) && refused(rule, expected) ? (refusedRequest ??= await rule.request(fixtures)) : await rule.request(fixtures);
      const headersOf = isGenerated(identity) ? generated : who;
      const auth = rule.endsSession ? await headersOf.fresh(identity) : headersOf.headers(identity);
      planned.push({ identity, expected, request: { ...request, method, headers: { ...request.headers, ...auth } } });
      if (isGenerated(identity)) countCpu(cpu);
    }
    const got: Record<string, number> = {};
    const badBodies: string[] = [];
    const send = async ({ identity, request }: Planned) => {
      const cpu = process.cpuUsage();
      const response = await t.app.inject(request);
      if (isGenerated(identity)) {
        countCpu(cpu);
        generatedCost.calls += 1;
      }
      got[identity.name] = response.statusCode;
      if (method !== 'HEAD' && refused(rule, response.statusCode)) {
        const body = String(response.headers['content-type']).includes('json') ? response.json() : response.body;
        if (!apiError.strict().safeParse(body).success) {
          badBodies.push(`${identity.name}: ${response.body}`);
        }
      }
    };

    const denied = planned.filter((p) => refused(rule, p.expected));
    const before = await snapshot(t.db);
    reached.length = 0;
    for (const call of denied) await send(call);
    const reachedWhenDenied = [...reached];
    const after = await snapshot(t.db);
    reached.length = 0;
    for (const call of planned.filter((p) => !denied.includes(p))) await send(call);
    const reachedWhenAllowed = new Set(reached);

    expect(got).toEqual(Object.fromEntries(planned.map((p) => [p.identity.name, p.expected])));
    expect(badBodies).toEqual([]);
    expect(reachedWhenDenied).toEqual([]);
    expect(reachedWhenAllowed.has(routeKey(method, rule.route))).toBe(true);
    expect(after).toEqual(before);
  });
});

afterAll(() => {
  // The size of the matrix, for whoever reads the test output.
  const permissionCases = cases.filter(({ rule, method }) => namesPermission(rule) && method !== 'HEAD').length;
  console.info(
    `authorization matrix: ${cases.length} routes (HEAD included) × ${identities.length} identities = ${cases.length * identities.length} calls; ` +
      `${permissionCases} routes naming a permission × ${generated?.single.length ?? 0} + 1 generated identities = ${generatedCost.calls} calls, ` +
      `${(generatedCost.micros / 1e6).toFixed(2)} CPU-s; the file ${((({ user, system }) => user + system)(process.cpuUsage(fileCpu)) / 1e6).toFixed(1)} CPU-s`,
  );
});
