// .tsx only because the package serves `./testing/*` as .tsx files (package.json exports).
/**
 * One fake back end for the jsdom tests: `fetch` answered by handlers routed by "METHOD /path"
 * (a `:name` segment matches any one segment and is handed over in `params`). Every request is
 * recorded; one that no route knows is answered 501 and fails the test after it ends, so a
 * missing route is never mistaken for the page's own error handling. The real fetch is back
 * after each test.
 */

/** A request as the fake API received it. */
export interface ApiCall {
  method: string;
  url: URL;
  /** The path without the query. */
  path: string;
  params: Record<string, string>;
  headers: Headers;
  /** The body parsed as JSON, its text when it is not JSON, undefined when empty. */
  body: unknown;
  keepalive: boolean;
}

/** What a handler answers: a Response as it is, or a JSON body with its status (200 unless told). */
export type Reply = Response | { status?: number; body?: unknown };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;
export type Routes = Record<string, Handler>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A route key's method and path segments; the key "GET /api/users/:id". */
const parseKey = (key: string) => {
  const [method = '', path = ''] = key.split(' ');
  return { method, segments: path.split('/') };
};

function match(key: string, method: string, path: string): Record<string, string> | null {
  const route = parseKey(key);
  const segments = path.split('/');
  if (route.method !== method || route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of route.segments.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segments[i]!);
    else if (part !== segments[i]) return null;
  }
  return params;
}

const parseBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const toResponse = (reply: Reply): Response => {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  // A 204 has no body, as the fetch standard requires.
  return status === 204 ? new Response(null, { status }) : json(status, reply.body ?? {});
};

let active: { restore: () => void; unknown: string[] }[] = [];

afterEach(() => {
  const unknown = active.flatMap((fake) => fake.unknown);
  for (const fake of active) fake.restore();
  active = [];
  if (unknown.length) throw new Error(`The fake API has no route for: ${[...new Set(unknown)].join(', ')}`);
});

/** Puts the fake in place of fetch for the rest of the test. */
export function fakeApi(routes: Routes = {}) {
  const table = new Map(Object.entries(routes));
  const paused = new Map<string, Promise<void>>();
  const calls: ApiCall[] = [];
  const unknown: string[] = [];
  // A route with fewer `:name` segments wins: "POST /cards/7/status" before "POST /cards/:id/status".
  const routeOf = (method: string, path: string) =>
    [...table.keys()]
      .sort((a, b) => a.split(':').length - b.split(':').length)
      .map((key) => ({ key, params: match(key, method, path) }))
      .find((route) => route.params);
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const method = request.method;
    const found = routeOf(method, url.pathname);
    const call: ApiCall = {
      method,
      url,
      path: url.pathname,
      params: found?.params ?? {},
      headers: request.headers,
      body: undefined,
      keepalive: init?.keepalive ?? request.keepalive,
    };
    // Recorded as fetch is called, so a test that counts calls sees it before its body is read.
    calls.push(call);
    call.body = parseBody(await request.text());
    if (!found) {
      unknown.push(`${method} ${url.pathname}`);
      return json(501, { status: 'error', message: `No fake route for ${method} ${url.pathname}` });
    }
    for (const [key, hold] of paused) if (match(key, method, url.pathname)) await hold;
    return toResponse(await table.get(found.key)!(call));
  });
  const fake = { restore: () => spy.mockRestore(), unknown };
  active.push(fake);
  return {
    calls,
    /** The calls to one route, "METHOD /path" as in the routes. */
    callsTo: (key: string) => calls.filter((call) => match(key, call.method, call.path)),
    /** Adds a route or replaces its handler. */
    reply: (key: string, handler: Handler) => void table.set(key, handler),
    /** Holds the answers of a route until the returned function is called. */
    pause: (key: string): (() => void) => {
      let release = () => {};
      paused.set(key, new Promise((resolve) => (release = () => resolve())));
      return () => {
        paused.delete(key);
        release();
      };
    },
    restore: fake.restore,
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
