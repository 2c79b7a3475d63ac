import { apiError, withData } from '@paydesk/shared/schemas/common';
import { checkoutObject, paymentObject } from '@paydesk/shared/schemas/merchant-objects';
import { createCheckoutRequest, createCheckoutResponse } from '@paydesk/shared/schemas/public-api';
import { refundCreatedResponse, refundRequest, refundResponse } from '@paydesk/shared/schemas/refund';
import {
  disputeChangedResponse,
  disputeListResponse,
  disputeResponse,
  fileCreatedResponse,
  openDisputeRequest,
  updateDisputeRequest,
} from '@paydesk/shared/schemas/dispute';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { bearer, buildTestApp, captureLogs, login, testConfig, type TestApp } from './helper';

let t: TestApp;
const internals = 'connection to 10.1.2.3:5432 failed for user paydesk_rw';

beforeAll(async () => {
  t = await buildTestApp();
  t.app.get('/api/test/boom', async () => {
    throw new Error(internals);
  });
}, 60_000);
afterAll(() => t?.close());

describe('error handling', () => {
  it('hides a 5xx from the client and logs it with the request context', async () => {
    const token = await login(t.app, 'admin@paydesk.test');
    const response = await t.app.inject({ url: '/api/test/boom?x=1', headers: bearer(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', message: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toContain('10.1.2.3');
    const logged = t.logs.lines.find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({ level: 50, method: 'GET', url: '/api/test/boom?x=1', err: { message: internals } });
    expect(JSON.stringify(t.logs.lines)).not.toContain(token);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/backend/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', message: `Not found: ${method} /api/backend/nothing-here`, code: 'not_found' });
    }
  });
});

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 503 when the database does not', async () => {
    const down: Db = {
      query: () => Promise.reject(new Error('ECONNREFUSED')),
      exec: () => Promise.reject(new Error('ECONNREFUSED')),
      transaction: () => Promise.reject(new Error('ECONNREFUSED')),
      close: () => Promise.resolve(),
    };
    const app = await buildApp({ config: testConfig(), db: down, logger: captureLogs().logger });
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', message: 'Database unavailable', code: 'service_unavailable' });
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.paths['/api/auth/login']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/me', '/api/auth/logout', '/readyz']));
    expect(Object.keys(doc.paths)).not.toContain('/api/*');
  });

  it("shows an example of each merchant call's body and answer, and every example is valid", async () => {
    // OpenAPI 3 puts a media type's example beside its schema.
    type Content = { content?: Record<string, { example?: unknown }> };
    type Operation = { requestBody?: Content; responses: Record<string, Content> };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const answer = (path: string, method: string, status: string) =>
      doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.example;
    const body = (path: string) => doc.paths[path]?.post?.requestBody?.content?.['application/json']?.example;
    expect(createCheckoutRequest.safeParse(body('/api/checkout')).success).toBe(true);
    expect(refundRequest.safeParse(body('/api/refunds')).success).toBe(true);
    expect(createCheckoutResponse.safeParse(answer('/api/checkout', 'post', '201')).success).toBe(true);
    expect(withData(checkoutObject).safeParse(answer('/api/checkout/{reference}', 'get', '200')).success).toBe(true);
    expect(withData(paymentObject).safeParse(answer('/api/payments/{transaction_id}', 'get', '200')).success).toBe(true);
    expect(refundCreatedResponse.safeParse(answer('/api/refunds', 'post', '201')).success).toBe(true);
    expect(refundResponse.safeParse(answer('/api/refunds/{id}', 'get', '200')).success).toBe(true);
    expect(apiError.safeParse(answer('/api/refunds', 'post', '409')).success).toBe(true);
    // Disputes and their evidence files (DSP-12), for the merchant API and the back office alike.
    for (const base of ['/api', '/api/backend']) {
      expect(disputeListResponse.safeParse(answer(`${base}/disputes`, 'get', '200')).success).toBe(true);
      expect(disputeResponse.safeParse(answer(`${base}/disputes/{id}`, 'get', '200')).success).toBe(true);
      expect(updateDisputeRequest.strict().safeParse(body(`${base}/disputes/{id}`)).success).toBe(true);
      expect(disputeChangedResponse.safeParse(answer(`${base}/disputes/{id}`, 'post', '200')).success).toBe(true);
      expect(apiError.safeParse(answer(`${base}/disputes/{id}`, 'post', '409')).success).toBe(true);
      expect(disputeChangedResponse.safeParse(answer(`${base}/disputes/{id}/close`, 'post', '200')).success).toBe(true);
      expect(fileCreatedResponse.safeParse(answer(`${base}/files`, 'post', '201')).success).toBe(true);
    }
    expect(openDisputeRequest.strict().safeParse(body('/api/backend/transactions/{id}/dispute')).success).toBe(true);
    expect(disputeChangedResponse.safeParse(answer('/api/backend/transactions/{id}/dispute', 'post', '201')).success).toBe(true);
  });
});
