import type { InjectOptions } from 'fastify';
import type { BuiltInRole, Permission } from '@paydesk/shared/roles';
import { TEST_PASSWORD } from './helper';
import type { Identity } from './identities';

/**
 * THE table of who may call what: one row per route the app registers (HEAD follows GET).
 * The authorization matrix derives every expected status from it, and fails when the app has a
 * route that is not here or the table names one the app does not have. The hostile-input test
 * starts from the same valid requests.
 */
export type Access =
  /** A signed-in session; with a permission, whether the caller's role holds it decides (`holds` below). */
  | { kind: 'session'; permission?: Permission }
  /** `Authorization: Bearer <key>` with this API key (payer calls, the merchant API). */
  | { kind: 'key'; key: 'publishable' | 'secret' }
  /** Public by design (the reason is in `why`). */
  | { kind: 'open'; why: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Data a request may need; fresh objects for each call, so a call never depends on another. */
export interface Fixtures {
  transactionId: string;
  checkoutReference: string;
  poolCardId: number;
  /** An active viewer account, created for this call. */
  newViewer(): Promise<{ id: number; name: string; email: string }>;
  /**
   * Two custom roles without any permission: every holder of users.manage may give them (PERM-07),
   * so a call about users is about who calls, not about whom it names.
   */
  emptyRoles: readonly [string, string];
  /** An active user of `emptyRoles[0]`, created for this call. */
  newUnprivileged(): Promise<{ id: number; name: string; email: string }>;
  /** A custom role without permissions, created for this call: its key. */
  newRole(): Promise<string>;
  uniqueRoleName(): string;
  uniqueEmail(): string;
  /** A multipart body with a real .xlsx holding one new valid card. */
  cardUpload(): Promise<{ payload: Buffer; contentType: string }>;
  /** The sealed envelope of a card payment initialised for this call. */
  sealedPayment(): Promise<string>;
  /** A payment waiting for its 3-D Secure step. */
  challenge(kind: 'demo' | 'acs'): Promise<string>;
  newCheckout(): Promise<string>;
  /** A webhook endpoint created for this call: its id. */
  newEndpoint(): Promise<string>;
  /** A secret API key created for this call: its id. */
  newApiKey(): Promise<string>;
  /** An event in the outbox. */
  eventId: string;
  /** A paid payment of $49.99 made for this call; its transaction id. */
  newPayment(): Promise<string>;
  /** A refund of `transactionId`. */
  refundId: string;
  /** A dispute opened before the calls. */
  disputeId: string;
  /** An inquiry opened for this call (it moves no money): its id. */
  newDispute(): Promise<string>;
  /** An evidence file uploaded before the calls. */
  fileId: string;
  /** A multipart body with `purpose` and a small PDF, for POST …/files. */
  evidenceUpload(): Promise<{ payload: Buffer; contentType: string }>;
  signIn: { email: string; password: string };
  /** A fresh user with a second factor past the password step: the challenge and a valid code. */
  twoFactorSignIn(): Promise<{ challenge: string; code: string }>;
  /** A fresh user's REQUIRE_TWO_FACTOR enrolment challenge. */
  enrolmentChallenge(): Promise<string>;
  /** The same, set up: the challenge and the first valid code of its secret. */
  enrolmentToConfirm(): Promise<{ challenge: string; code: string }>;
  /** Starts an enrolment for each role's account, so a confirmation has something to refuse. */
  pendingEnrolments(): Promise<void>;
  /** The published folder of the remote mf_reports, and a version never released yet. */
  releaseFolder: string;
  newVersion(): string;
  /** A version of mf_reports released for this call, not yet live. */
  newRelease(): Promise<string>;
  /** mf_reports with two releases made live one after the other, so a rollback has one to return to. */
  twoLiveReleases(): Promise<void>;
  /** A deploy token of mf_reports made for this call: its id. */
  newDeployToken(): Promise<string>;
}

export type Request = Omit<InjectOptions, 'method'> & { url: string; payload?: InjectOptions['payload'] };

export interface RouteRule {
  method: Method;
  /** As registered (`:id`, `*`), without a trailing slash. */
  route: string;
  access: Access;
  /** The status an allowed caller gets with `request`. */
  ok: number;
  /** A valid request, so that the status is about who calls, not about what is sent. */
  request(f: Fixtures): Request | Promise<Request>;
  /** The call ends the caller's session: each role signs in anew for it. */
  endsSession?: true;
}

const form = (fields: Record<string, string>): Partial<Request> => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const get = (url: string) => (): Request => ({ url });
const session = (permission?: Permission): Access => ({ kind: 'session', permission });
const publishable: Access = { kind: 'key', key: 'publishable' };
const secretKey: Access = { kind: 'key', key: 'secret' };
const open = (why: string): Access => ({ kind: 'open', why });
const docs = open('OpenAPI description and Swagger UI: no data');
const payerPage = open('sandbox issuer pages, framed by the payer page; they carry no key');
const secondStep = open('second step of sign-in: the challenge a correct password gave is the credential');
const merchantDemo = open('demo mode only: a merchant page whose server side holds the secret key');
const passkeySignIn = open('sign-in with a passkey alone: the options carry no data, the answer is the credential');
// WebAuthn answers of the right shape (placeholders): what a browser sends, signed by nothing.
const assertionShape = {
  id: 'xxxx',
  rawId: 'xxxx',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'xxxx', authenticatorData: 'xxxx', signature: 'xxxx' },
};
const registrationShape = {
  id: 'xxxx',
  rawId: 'xxxx',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'xxxx', attestationObject: 'xxxx' },
};

export const routeTable: readonly RouteRule[] = [
  { method: 'GET', route: '/healthz', access: open('liveness probe'), ok: 200, request: get('/healthz') },
  { method: 'GET', route: '/readyz', access: open('readiness probe'), ok: 200, request: get('/readyz') },
  { method: 'GET', route: '/remotes.json', access: open('the front ends manifest'), ok: 200, request: get('/remotes.json') },
  { method: 'GET', route: '/api/docs', access: docs, ok: 200, request: get('/api/docs') },
  { method: 'GET', route: '/api/docs/json', access: docs, ok: 200, request: get('/api/docs/json') },
  { method: 'GET', route: '/api/docs/yaml', access: docs, ok: 200, request: get('/api/docs/yaml') },
  { method: 'GET', route: '/api/docs/static/index.html', access: docs, ok: 302, request: get('/api/docs/static/index.html') },
  {
    method: 'GET',
    route: '/api/docs/static/swagger-initializer.js',
    access: docs,
    ok: 200,
    request: get('/api/docs/static/swagger-initializer.js'),
  },
  { method: 'GET', route: '/api/docs/static/*', access: docs, ok: 200, request: get('/api/docs/static/swagger-ui.css') },

  {
    method: 'POST',
    route: '/api/auth/login',
    access: open('sign-in'),
    ok: 200,
    request: (f) => ({ url: '/api/auth/login', payload: f.signIn }),
  },
  { method: 'POST', route: '/api/auth/logout', access: session(), ok: 200, endsSession: true, request: get('/api/auth/logout') },
  { method: 'GET', route: '/api/auth/me', access: session(), ok: 200, request: get('/api/auth/me') },
  {
    method: 'POST',
    route: '/api/auth/login/two-factor',
    access: secondStep,
    ok: 200,
    request: async (f) => ({ url: '/api/auth/login/two-factor', payload: await f.twoFactorSignIn() }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/two-factor/setup',
    access: secondStep,
    ok: 200,
    request: async (f) => ({ url: '/api/auth/login/two-factor/setup', payload: { challenge: await f.enrolmentChallenge() } }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/two-factor/confirm',
    access: secondStep,
    ok: 200,
    request: async (f) => ({ url: '/api/auth/login/two-factor/confirm', payload: await f.enrolmentToConfirm() }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/two-factor/setup/passkey/options',
    access: secondStep,
    ok: 200,
    request: async (f) => ({
      url: '/api/auth/login/two-factor/setup/passkey/options',
      payload: { challenge: await f.enrolmentChallenge() },
    }),
  },
  {
    // No options were asked for the enrolment: a well-formed answer shows the handler was reached (401, the passkey request has expired).
    method: 'POST',
    route: '/api/auth/login/two-factor/setup/passkey',
    access: secondStep,
    ok: 401,
    request: async (f) => ({
      url: '/api/auth/login/two-factor/setup/passkey',
      payload: { challenge: await f.enrolmentChallenge(), name: 'Laptop', response: registrationShape },
    }),
  },
  { method: 'GET', route: '/api/auth/two-factor', access: session(), ok: 200, request: get('/api/auth/two-factor') },
  {
    // The role accounts' password, asked again (AUTH-15).
    method: 'POST',
    route: '/api/auth/two-factor/setup',
    access: session(),
    ok: 200,
    request: () => ({ url: '/api/auth/two-factor/setup', payload: { password: TEST_PASSWORD } }),
  },
  {
    // The caller's secret cannot be known when the request is made: a well-formed wrong code shows the handler was reached (400).
    method: 'POST',
    route: '/api/auth/two-factor/confirm',
    access: session(),
    ok: 400,
    request: async (f) => (
      await f.pendingEnrolments(),
      { url: '/api/auth/two-factor/confirm', payload: { code: '000000', password: TEST_PASSWORD } }
    ),
  },
  {
    // The role accounts never confirm a second factor here: 409, there are no recovery codes to renew.
    method: 'POST',
    route: '/api/auth/two-factor/recovery-codes',
    access: session(),
    ok: 409,
    request: () => ({ url: '/api/auth/two-factor/recovery-codes', payload: { code: '000000', password: TEST_PASSWORD } }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/passkey/options',
    access: passkeySignIn,
    ok: 200,
    request: () => ({ url: '/api/auth/login/passkey/options', payload: {} }),
  },
  {
    // No options were asked for this attempt: a well-formed answer shows the handler was reached (401, the attempt has expired).
    method: 'POST',
    route: '/api/auth/login/passkey',
    access: passkeySignIn,
    ok: 401,
    request: () => ({ url: '/api/auth/login/passkey', payload: { attempt: 'x'.repeat(43), response: assertionShape } }),
  },
  {
    // The fixture's user has TOTP and no passkey: 409, there is nothing to offer.
    method: 'POST',
    route: '/api/auth/login/two-factor/passkey/options',
    access: secondStep,
    ok: 409,
    request: async (f) => ({
      url: '/api/auth/login/two-factor/passkey/options',
      payload: { challenge: (await f.twoFactorSignIn()).challenge },
    }),
  },
  {
    // No passkey options were asked for the challenge: 401, the passkey request has expired.
    method: 'POST',
    route: '/api/auth/login/two-factor/passkey',
    access: secondStep,
    ok: 401,
    request: async (f) => ({
      url: '/api/auth/login/two-factor/passkey',
      payload: { challenge: (await f.twoFactorSignIn()).challenge, response: assertionShape },
    }),
  },
  { method: 'GET', route: '/api/auth/passkeys', access: session(), ok: 200, request: get('/api/auth/passkeys') },
  {
    // The role accounts' password, asked again (AUTH-15).
    method: 'POST',
    route: '/api/auth/passkeys/options',
    access: session(),
    ok: 200,
    request: () => ({ url: '/api/auth/passkeys/options', payload: { password: TEST_PASSWORD } }),
  },
  {
    // An authenticator's answer cannot be made before the call: a well-formed one without options waiting is refused (400).
    method: 'POST',
    route: '/api/auth/passkeys',
    access: session(),
    ok: 400,
    request: () => ({ url: '/api/auth/passkeys', payload: { name: 'Laptop', response: registrationShape } }),
  },
  {
    // The role accounts have no passkey: renaming and removing reach the handler and find none (404).
    method: 'PATCH',
    route: '/api/auth/passkeys/:id',
    access: session(),
    ok: 404,
    request: () => ({ url: '/api/auth/passkeys/2000000000', payload: { name: 'Laptop' } }),
  },
  {
    method: 'DELETE',
    route: '/api/auth/passkeys/:id',
    access: session(),
    ok: 404,
    request: () => ({ url: '/api/auth/passkeys/2000000000', payload: { password: TEST_PASSWORD } }),
  },

  {
    method: 'GET',
    route: '/api/backend/total-revenue',
    access: session('dashboard.view'),
    ok: 200,
    request: get('/api/backend/total-revenue'),
  },
  {
    method: 'GET',
    route: '/api/backend/total-transactions',
    access: session('dashboard.view'),
    ok: 200,
    request: get('/api/backend/total-transactions'),
  },
  {
    method: 'GET',
    route: '/api/backend/today-stats',
    access: session('dashboard.view'),
    ok: 200,
    request: get('/api/backend/today-stats'),
  },
  {
    method: 'GET',
    route: '/api/backend/recent-transactions',
    access: session('dashboard.view'),
    ok: 200,
    request: get('/api/backend/recent-transactions'),
  },
  {
    method: 'GET',
    route: '/api/backend/chart-data',
    access: session('dashboard.view'),
    ok: 200,
    request: get('/api/backend/chart-data?range=30days'),
  },
  {
    method: 'GET',
    route: '/api/backend/wallet-balance',
    access: session('wallet.view'),
    ok: 200,
    request: get('/api/backend/wallet-balance'),
  },
  {
    method: 'GET',
    route: '/api/backend/all-transactions',
    access: session('transactions.view'),
    ok: 200,
    request: get('/api/backend/all-transactions?page=1&per_page=10&search=a'),
  },
  {
    method: 'GET',
    route: '/api/backend/transaction-details/:id',
    access: session('transactions.view'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/transaction-details/${f.transactionId}` }),
  },

  { method: 'GET', route: '/api/backend/users', access: session('users.view'), ok: 200, request: get('/api/backend/users') },
  {
    method: 'POST',
    route: '/api/backend/users',
    access: session('users.manage'),
    ok: 201,
    request: (f) => ({
      url: '/api/backend/users',
      payload: { name: 'Matrix', email: f.uniqueEmail(), password: TEST_PASSWORD, role: f.emptyRoles[0], status: 'active' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/backend/users/:id',
    access: session('users.manage'),
    ok: 200,
    request: async (f) => {
      const user = await f.newUnprivileged();
      return {
        url: `/api/backend/users/${user.id}`,
        payload: { name: 'Renamed', email: user.email, role: f.emptyRoles[1], status: 'suspended', password: `${TEST_PASSWORD}-new` },
      };
    },
  },
  {
    method: 'DELETE',
    route: '/api/backend/users/:id',
    access: session('users.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/users/${(await f.newUnprivileged()).id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/backend/users/:id/two-factor',
    access: session('users.reset_two_factor'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/users/${(await f.newUnprivileged()).id}/two-factor` }),
  },

  { method: 'GET', route: '/api/backend/permissions', access: session(), ok: 200, request: get('/api/backend/permissions') },
  { method: 'GET', route: '/api/backend/roles', access: session('roles.view'), ok: 200, request: get('/api/backend/roles') },
  {
    method: 'POST',
    route: '/api/backend/roles',
    access: session('roles.manage'),
    ok: 201,
    request: (f) => ({ url: '/api/backend/roles', payload: { name: f.uniqueRoleName(), permissions: [] } }),
  },
  {
    method: 'PUT',
    route: '/api/backend/roles/:key',
    access: session('roles.manage'),
    ok: 200,
    request: async (f) => ({
      url: `/api/backend/roles/${await f.newRole()}`,
      payload: { name: f.uniqueRoleName(), description: 'Renamed by the matrix', permissions: [] },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/backend/roles/:key',
    access: session('roles.manage'),
    ok: 204,
    request: async (f) => ({ url: `/api/backend/roles/${await f.newRole()}` }),
  },

  {
    method: 'POST',
    route: '/api/backend/transactions/:id/refunds',
    access: session('transactions.refund'),
    ok: 201,
    request: async (f) => ({
      url: `/api/backend/transactions/${await f.newPayment()}/refunds`,
      payload: { amount: 1.25, reason: 'other', note: 'matrix' },
    }),
  },
  {
    method: 'POST',
    route: '/api/refunds',
    access: { kind: 'key', key: 'secret' },
    ok: 201,
    request: async (f) => ({
      url: '/api/refunds',
      payload: { transaction_id: await f.newPayment(), amount: 1.25, reason: 'requested_by_customer' },
    }),
  },
  {
    method: 'GET',
    route: '/api/refunds/:id',
    access: { kind: 'key', key: 'secret' },
    ok: 200,
    request: (f) => ({ url: `/api/refunds/${f.refundId}` }),
  },
  {
    method: 'GET',
    route: '/api/disputes',
    access: secretKey,
    ok: 200,
    request: get('/api/disputes?status=needs_response&page=1&limit=10'),
  },
  { method: 'GET', route: '/api/disputes/:id', access: secretKey, ok: 200, request: (f) => ({ url: `/api/disputes/${f.disputeId}` }) },
  {
    method: 'POST',
    route: '/api/disputes/:id',
    access: secretKey,
    ok: 200,
    request: async (f) => ({ url: `/api/disputes/${await f.newDispute()}`, payload: { evidence: { product_description: 'matrix' } } }),
  },
  {
    method: 'POST',
    route: '/api/disputes/:id/close',
    access: secretKey,
    ok: 200,
    request: async (f) => ({ url: `/api/disputes/${await f.newDispute()}/close` }),
  },
  {
    method: 'POST',
    route: '/api/files',
    access: secretKey,
    ok: 201,
    request: async (f) => {
      const { payload, contentType } = await f.evidenceUpload();
      return { url: '/api/files', payload, headers: { 'content-type': contentType } };
    },
  },
  {
    method: 'GET',
    route: '/api/backend/disputes',
    access: session('disputes.view'),
    ok: 200,
    request: get('/api/backend/disputes?status=needs_response&page=1&limit=10'),
  },
  {
    method: 'GET',
    route: '/api/backend/disputes/:id',
    access: session('disputes.view'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/disputes/${f.disputeId}` }),
  },
  {
    method: 'GET',
    route: '/api/backend/disputes/:id/timeline',
    access: session('disputes.view'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/disputes/${f.disputeId}/timeline` }),
  },
  {
    method: 'POST',
    route: '/api/backend/disputes/:id',
    access: session('disputes.manage'),
    ok: 200,
    request: async (f) => ({
      url: `/api/backend/disputes/${await f.newDispute()}`,
      payload: { evidence: { product_description: 'matrix' } },
    }),
  },
  {
    method: 'POST',
    route: '/api/backend/disputes/:id/close',
    access: session('disputes.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/disputes/${await f.newDispute()}/close` }),
  },
  {
    method: 'POST',
    route: '/api/backend/files',
    access: session('disputes.manage'),
    ok: 201,
    request: async (f) => {
      const { payload, contentType } = await f.evidenceUpload();
      return { url: '/api/backend/files', payload, headers: { 'content-type': contentType } };
    },
  },
  {
    method: 'GET',
    route: '/api/backend/files/:id',
    access: session('disputes.view'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/files/${f.fileId}` }),
  },
  {
    // Demo mode only; an inquiry, so that the many calls of the tests move no money.
    method: 'POST',
    route: '/api/backend/transactions/:id/dispute',
    access: session('disputes.manage'),
    ok: 201,
    request: async (f) => ({
      url: `/api/backend/transactions/${await f.newPayment()}/dispute`,
      payload: { reason: 'product_not_received', inquiry: true },
    }),
  },
  { method: 'GET', route: '/api/backend/withdrawals', access: session('wallet.view'), ok: 200, request: get('/api/backend/withdrawals') },
  {
    method: 'POST',
    route: '/api/backend/withdraw',
    access: session('wallet.withdraw'),
    ok: 201,
    request: () => ({
      url: '/api/backend/withdraw',
      payload: { amount: 1.25, account_number: '12345678', bank_name: 'Matrix Bank', account_name: 'Paydesk', reason: 'matrix' },
    }),
  },
  {
    method: 'GET',
    route: '/api/backend/balance-transactions',
    access: session('balance.view'),
    ok: 200,
    request: get('/api/backend/balance-transactions?type=payment&limit=10'),
  },
  {
    method: 'GET',
    route: '/api/backend/balance-transactions/summary',
    access: session('balance.view'),
    ok: 200,
    request: get('/api/backend/balance-transactions/summary?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z'),
  },
  {
    method: 'GET',
    route: '/api/backend/balance-transactions/export.csv',
    access: session('balance.view'),
    ok: 200,
    request: get('/api/backend/balance-transactions/export.csv?type=withdrawal'),
  },
  {
    method: 'GET',
    route: '/api/backend/balance-transactions/export.xlsx',
    access: session('balance.view'),
    ok: 200,
    request: get('/api/backend/balance-transactions/export.xlsx?type=withdrawal'),
  },
  {
    method: 'GET',
    route: '/api/balance-transactions',
    access: secretKey,
    ok: 200,
    request: get('/api/balance-transactions?limit=10'),
  },
  {
    method: 'GET',
    route: '/api/balance-transactions/summary',
    access: secretKey,
    ok: 200,
    request: get('/api/balance-transactions/summary?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z'),
  },

  {
    method: 'GET',
    route: '/api/backend/cards',
    access: session('cards.view'),
    ok: 200,
    request: get('/api/backend/cards?page=1&per_page=10'),
  },
  {
    method: 'POST',
    route: '/api/backend/cards/search',
    access: session('cards.view'),
    ok: 200,
    request: () => ({ url: '/api/backend/cards/search', payload: { search: '4111 1111 1111 1111', page: 1, per_page: 10 } }),
  },
  {
    method: 'POST',
    route: '/api/backend/cards/:id/status',
    access: session('cards.manage'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/cards/${f.poolCardId}/status`, payload: { status: 'blocked' } }),
  },
  {
    method: 'POST',
    route: '/api/backend/cards/upload',
    access: session('cards.manage'),
    ok: 201,
    request: async (f) => {
      const { payload, contentType } = await f.cardUpload();
      return { url: '/api/backend/cards/upload', payload, headers: { 'content-type': contentType } };
    },
  },
  {
    method: 'GET',
    route: '/api/backend/cards/download/bulk-template',
    access: open('the empty upload template, opened in a new window that cannot carry a token'),
    ok: 200,
    request: get('/api/backend/cards/download/bulk-template'),
  },

  {
    method: 'GET',
    route: '/api/backend/webhooks/endpoints',
    access: session('developers.manage'),
    ok: 200,
    request: get('/api/backend/webhooks/endpoints'),
  },
  {
    method: 'POST',
    route: '/api/backend/webhooks/endpoints',
    access: session('developers.manage'),
    ok: 201,
    request: () => ({
      url: '/api/backend/webhooks/endpoints',
      payload: { url: 'https://hooks.example/paydesk', event_types: ['payment.succeeded'] },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/backend/webhooks/endpoints/:id',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/webhooks/endpoints/${await f.newEndpoint()}`, payload: { enabled: false } }),
  },
  {
    method: 'DELETE',
    route: '/api/backend/webhooks/endpoints/:id',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/webhooks/endpoints/${await f.newEndpoint()}` }),
  },
  {
    method: 'POST',
    route: '/api/backend/webhooks/endpoints/:id/roll-secret',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/webhooks/endpoints/${await f.newEndpoint()}/roll-secret`, payload: { grace_hours: 1 } }),
  },
  {
    method: 'GET',
    route: '/api/backend/webhooks/endpoints/:id/attempts',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/webhooks/endpoints/${await f.newEndpoint()}/attempts?page=1&limit=10` }),
  },
  {
    method: 'GET',
    route: '/api/backend/audit',
    access: session('audit.view'),
    ok: 200,
    request: get('/api/backend/audit?action=user.created&limit=25'),
  },
  {
    method: 'GET',
    route: '/api/backend/audit/export.csv',
    access: session('audit.view'),
    ok: 200,
    request: get('/api/backend/audit/export.csv?action=auth.sign_in'),
  },
  {
    method: 'GET',
    route: '/api/backend/webhooks/events',
    access: session('developers.manage'),
    ok: 200,
    request: get('/api/backend/webhooks/events?type=payment.succeeded&page=1&limit=10'),
  },
  {
    method: 'GET',
    route: '/api/backend/webhooks/events/:id',
    access: session('developers.manage'),
    ok: 200,
    request: (f) => ({ url: `/api/backend/webhooks/events/${f.eventId}` }),
  },
  {
    method: 'POST',
    route: '/api/backend/webhooks/events/:id/resend',
    access: session('developers.manage'),
    ok: 202,
    request: async (f) => ({ url: `/api/backend/webhooks/events/${f.eventId}/resend`, payload: { endpoint_id: await f.newEndpoint() } }),
  },

  { method: 'GET', route: '/api/backend/api-keys', access: session('developers.manage'), ok: 200, request: get('/api/backend/api-keys') },
  { method: 'GET', route: '/api/platform/remotes', access: session('platform.manage'), ok: 200, request: get('/api/platform/remotes') },
  {
    method: 'POST',
    route: '/api/platform/remotes/:name/releases',
    access: session('platform.manage'),
    ok: 201,
    request: (f) => ({ url: '/api/platform/remotes/mf_reports/releases', payload: { version: f.newVersion(), entry: f.releaseFolder } }),
  },
  {
    method: 'POST',
    route: '/api/platform/remotes/:name/releases/:version/promote',
    access: session('platform.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/platform/remotes/mf_reports/releases/${await f.newRelease()}/promote` }),
  },
  {
    method: 'POST',
    route: '/api/platform/remotes/:name/releases/:version/preview',
    access: session('platform.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/platform/remotes/mf_reports/releases/${await f.newRelease()}/preview` }),
  },
  {
    method: 'DELETE',
    route: '/api/platform/preview',
    access: open("it only clears the browser's own preview cookie"),
    ok: 204,
    request: () => ({ url: '/api/platform/preview' }),
  },
  {
    method: 'POST',
    route: '/api/platform/remote-reports',
    access: open('payer pages report their remotes too; a report counts only for a released version, and holds no personal data'),
    ok: 204,
    request: () => ({
      url: '/api/platform/remote-reports',
      payload: { reports: [{ remote: 'mf_reports', version: '1.0.0', phase: 'loaded' }] },
    }),
  },
  {
    method: 'GET',
    route: '/api/platform/deploy-tokens',
    access: session('platform.manage'),
    ok: 200,
    request: get('/api/platform/deploy-tokens'),
  },
  {
    method: 'POST',
    route: '/api/platform/deploy-tokens',
    access: session('platform.manage'),
    ok: 201,
    request: () => ({ url: '/api/platform/deploy-tokens', payload: { remote: 'mf_reports' } }),
  },
  {
    method: 'POST',
    route: '/api/platform/deploy-tokens/:id/revoke',
    access: session('platform.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/platform/deploy-tokens/${await f.newDeployToken()}/revoke` }),
  },
  {
    method: 'POST',
    route: '/api/platform/remotes/:name/rollback',
    access: session('platform.manage'),
    ok: 200,
    request: async (f) => {
      await f.twoLiveReleases();
      return { url: '/api/platform/remotes/mf_reports/rollback' };
    },
  },
  {
    method: 'POST',
    route: '/api/backend/api-keys',
    access: session('developers.manage'),
    ok: 201,
    request: () => ({ url: '/api/backend/api-keys', payload: { name: 'Matrix', kind: 'secret' } }),
  },
  {
    method: 'POST',
    route: '/api/backend/api-keys/:id/roll',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/api-keys/${await f.newApiKey()}/roll`, payload: { grace_hours: 1 } }),
  },
  {
    method: 'POST',
    route: '/api/backend/api-keys/:id/revoke',
    access: session('developers.manage'),
    ok: 200,
    request: async (f) => ({ url: `/api/backend/api-keys/${await f.newApiKey()}/revoke` }),
  },
  {
    method: 'GET',
    route: '/api/backend/api-requests',
    access: session('developers.manage'),
    ok: 200,
    request: get('/api/backend/api-requests?status_class=2xx&path=checkout&page=1&limit=10'),
  },

  {
    method: 'GET',
    route: '/api/public/config',
    access: open('what payer pages read before anything else'),
    ok: 200,
    request: get('/api/public/config'),
  },
  {
    method: 'GET',
    route: '/api/checkout/validate/:reference',
    access: publishable,
    ok: 200,
    request: (f) => ({ url: `/api/checkout/validate/${f.checkoutReference}` }),
  },
  {
    method: 'POST',
    route: '/api/update-checkout-status',
    access: publishable,
    ok: 200,
    request: async (f) => ({ url: '/api/update-checkout-status', payload: { reference: await f.newCheckout(), status: 'cancelled' } }),
  },
  {
    method: 'POST',
    route: '/api/initialize-card-transaction',
    access: publishable,
    ok: 200,
    request: () => ({
      url: '/api/initialize-card-transaction',
      payload: { card_number: '4242424242424242', currency: 'USD', reference: null },
    }),
  },
  {
    method: 'POST',
    route: '/api/process-card-transaction',
    access: publishable,
    ok: 200,
    request: async (f) => ({ url: '/api/process-card-transaction', payload: { data: await f.sealedPayment() } }),
  },
  {
    method: 'GET',
    route: '/api/checkout/requery',
    access: publishable,
    ok: 200,
    request: (f) => ({ url: `/api/checkout/requery?reference=${f.transactionId}` }),
  },
  {
    method: 'POST',
    route: '/api/demo-3ds/complete',
    access: publishable,
    ok: 200,
    request: async (f) => ({ url: '/api/demo-3ds/complete', payload: { transaction_id: await f.challenge('demo'), otp: '123456' } }),
  },
  {
    method: 'GET',
    route: '/api/checkout/:reference',
    access: secretKey,
    ok: 200,
    request: (f) => ({ url: `/api/checkout/${f.checkoutReference}` }),
  },
  {
    method: 'GET',
    route: '/api/payments/:transaction_id',
    access: secretKey,
    ok: 200,
    request: (f) => ({ url: `/api/payments/${f.transactionId}` }),
  },
  {
    method: 'POST',
    route: '/api/checkout',
    access: secretKey,
    ok: 201,
    request: () => ({
      url: '/api/checkout',
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '+15550101',
        amount: 12.5,
        callback_url: 'https://shop.example/paid',
        metadata: { order: 'A-1001' },
      },
    }),
  },

  {
    method: 'POST',
    route: '/api/sandbox/acs/challenge',
    access: payerPage,
    ok: 200,
    request: async (f) => ({ url: '/api/sandbox/acs/challenge', ...form({ transaction_id: await f.challenge('acs') }) }),
  },
  {
    method: 'POST',
    route: '/api/sandbox/acs/result',
    access: payerPage,
    ok: 200,
    request: async (f) => ({
      url: '/api/sandbox/acs/result',
      ...form({ transaction_id: await f.challenge('acs'), outcome: 'complete', return_origin: 'http://localhost' }),
    }),
  },
  { method: 'GET', route: '/api/sandbox/acs/notify.js', access: payerPage, ok: 200, request: get('/api/sandbox/acs/notify.js') },
  { method: 'GET', route: '/api/sandbox/acs/acs.css', access: payerPage, ok: 200, request: get('/api/sandbox/acs/acs.css') },

  ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method): RouteRule => ({
    method,
    route: '/api/*',
    access: open('unknown API paths: a JSON 404'),
    ok: 404,
    request: get('/api/backend/no-such-route'),
  })),

  { method: 'GET', route: '/demo/merchant', access: merchantDemo, ok: 200, request: get('/demo/merchant') },
  {
    method: 'POST',
    route: '/demo/merchant/checkout',
    access: merchantDemo,
    ok: 201,
    request: () => ({ url: '/demo/merchant/checkout', payload: { amount: 12.5 } }),
  },
  { method: 'GET', route: '/demo/merchant/webhooks', access: merchantDemo, ok: 200, request: get('/demo/merchant/webhooks') },
  {
    method: 'POST',
    route: '/demo/merchant/webhooks',
    access: open("demo mode only: the demo merchant's webhook receiver, which checks each signature"),
    ok: 400,
    request: () => ({ url: '/demo/merchant/webhooks', headers: { 'content-type': 'application/json' }, payload: '{"id":"evt_unsigned"}' }),
  },
  { method: 'GET', route: '/demo/merchant/merchant.js', access: merchantDemo, ok: 200, request: get('/demo/merchant/merchant.js') },
  { method: 'GET', route: '/demo/merchant/merchant.css', access: merchantDemo, ok: 200, request: get('/demo/merchant/merchant.css') },
];

/** `GET /x` in the table stands for `HEAD /x` too (Fastify adds it with the same hooks). */
export const routeKey = (method: string, route: string): string => `${method} ${route.length > 1 ? route.replace(/\/$/, '') : route}`;

export function tableKeys(): string[] {
  return routeTable.flatMap((rule) => [
    routeKey(rule.method, rule.route),
    ...(rule.method === 'GET' ? [routeKey('HEAD', rule.route)] : []),
  ]);
}

/**
 * What the built-in roles hold (ROLE-06), written out here as the table's own oracle rather than
 * read from the server's code, so that a change of a built-in role's grants fails the matrix.
 */
export const builtInHolds: Record<BuiltInRole, ReadonlySet<Permission>> = {
  super_admin: new Set<Permission>([
    'dashboard.view',
    'figures.real',
    'transactions.view',
    'transactions.refund',
    'disputes.view',
    'disputes.manage',
    'users.view',
    'users.manage',
    'users.reset_two_factor',
    'roles.view',
    'roles.manage',
    'cards.view',
    'cards.manage',
    'wallet.view',
    'wallet.withdraw',
    'balance.view',
    'settings.view',
    'developers.manage',
    'audit.view',
    'platform.manage',
  ]),
  admin: new Set<Permission>([
    'dashboard.view',
    'figures.real',
    'transactions.view',
    'transactions.refund',
    'disputes.view',
    'disputes.manage',
    'users.view',
    'users.manage',
    'roles.view',
    'cards.view',
    'cards.manage',
    'wallet.view',
    'wallet.withdraw',
    'balance.view',
    'settings.view',
    'developers.manage',
  ]),
  viewer: new Set<Permission>(['dashboard.view', 'transactions.view', 'disputes.view', 'cards.view', 'settings.view']),
};

/** What a signed-in identity holds: a built-in role's by the table above, a custom role's as given. */
export const holds = (identity: Identity): ReadonlySet<Permission> | undefined => {
  if (identity.kind === 'role') return builtInHolds[identity.role];
  return identity.kind === 'custom' ? identity.holds : undefined;
};

/** What `identity` must get from the route: its permissions for sessions, the exact key for keyed calls. */
export function expectedStatus(rule: RouteRule, identity: Identity): number {
  const { access } = rule;
  switch (access.kind) {
    case 'open':
      return rule.ok;
    case 'key':
      return identity.kind === 'key' && identity.key === access.key ? rule.ok : 401;
    case 'session': {
      const held = holds(identity);
      if (!held) return 401;
      return !access.permission || held.has(access.permission) ? rule.ok : 403;
    }
  }
}
