import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventTypes, SIGNATURE_HEADER } from '@paydesk/shared/schemas/webhooks';
import { signatureHeader } from '../src/webhooks/signature';
import { buildTestApp, type TestApp } from './helper';

/**
 * The OpenAPI document at /api/docs (PLAT-10) is valid OpenAPI 3.1 by a validator of its own, names
 * every operation, and describes the webhooks merchants receive (HOOK-01, HOOK-03, REF-12): each
 * event type with its body and the Paydesk-Signature header. app.test.ts checks the routes' schemas
 * and the merchant examples.
 */
interface Schema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
}, 60_000);
afterAll(() => t?.close());

/**
 * The document checked by @seriousme/openapi-schema-validator against the OpenAPI specification's
 * own JSON Schema for its version. The package is ES modules only, which jest's CommonJS sandbox
 * cannot load, so it runs in a child process of its own.
 */
async function validate(document: Document): Promise<{ version: string; valid: boolean; errors: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const script = [
      "import { Validator } from '@seriousme/openapi-schema-validator';",
      'const validator = new Validator();',
      'const result = await validator.validate(process.argv[1]);',
      'console.log(JSON.stringify({ version: validator.version, valid: result.valid, errors: result.errors ?? [] }));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, file], { cwd: __dirname });
    return JSON.parse(stdout) as { version: string; valid: boolean; errors: unknown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const schemaAt = (ref: string | undefined): Schema | undefined =>
  ref?.startsWith('#/components/schemas/') ? doc.components.schemas?.[ref.slice('#/components/schemas/'.length)] : undefined;
const parameterAt = (parameter: Parameter): Parameter | undefined =>
  parameter.$ref?.startsWith('#/components/parameters/')
    ? doc.components.parameters?.[parameter.$ref.slice('#/components/parameters/'.length)]
    : parameter;
/** A string schema's one value: `const`, or an `enum` of one (@fastify/swagger writes const as enum). */
const onlyValue = (schema: Schema | undefined): unknown => schema?.const ?? (schema?.enum?.length === 1 ? schema.enum[0] : undefined);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await validate(doc)).toEqual({ version: '3.1', valid: true, errors: [] });
  }, 30_000);

  it('the validator refuses a broken document (the check can fail)', async () => {
    const broken = { ...doc, paths: { '/api/broken': { get: { summary: 'No responses', responses: 'none' } } } };
    expect(await validate(broken as unknown as Document)).toMatchObject({ valid: false });
  }, 30_000);

  it('gives every operation a summary, the webhooks too', () => {
    const operations = [...Object.entries(doc.paths), ...Object.entries(doc.webhooks ?? {})].flatMap(([path, item]) =>
      methods
        .filter((method) => item[method])
        .map((method) => ({ operation: `${method.toUpperCase()} ${path}`, summary: item[method]!.summary })),
    );
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter(({ summary }) => !summary?.trim())).toEqual([]);
  });
});

describe('the webhooks in the OpenAPI document', () => {
  it('describe every event type, and only those', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...eventTypes].sort());
  });

  it.each([...eventTypes])('%s: a POST of {id, type, created, data: {object}} with its object', (type) => {
    const post = doc.webhooks?.[type]?.post;
    expect(post?.requestBody?.required).toBe(true);
    const body = schemaAt(post?.requestBody?.content?.['application/json']?.schema?.$ref);
    expect(body?.required).toEqual(expect.arrayContaining(['id', 'type', 'created', 'data']));
    expect(onlyValue(body?.properties?.type)).toBe(type);
    expect(body?.properties?.created?.type).toBe('integer');
    // payment.* carries a payment, refund.* a refund…: the object of shared/src/schemas/merchant-objects.ts.
    const object = schemaAt(body?.properties?.data?.properties?.object?.$ref);
    expect(onlyValue(object?.properties?.object)).toBe(type.split('.')[0]);
    expect(object?.required).toEqual(expect.arrayContaining(['object', 'created_at']));
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['2XX', 'default']));
  });

  it.each([...eventTypes])('%s: signed with Paydesk-Signature, named by Paydesk-Event-Id', (type) => {
    const headers = (doc.webhooks?.[type]?.post?.parameters ?? []).map(parameterAt).filter((p) => p?.in === 'header');
    expect(headers.map((header) => [header?.name, header?.required])).toEqual([
      [SIGNATURE_HEADER, true],
      ['Paydesk-Event-Id', true],
    ]);
  });

  it('Paydesk-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, as deliveries send it', () => {
    const signature = doc.components.parameters?.PaydeskSignature;
    expect(signature?.description).toEqual(expect.stringContaining('t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">'));
    const pattern = new RegExp(signature?.schema?.pattern ?? '^$');
    // One v1 per live secret: the new and the old one while a roll's grace lasts.
    expect(pattern.test(signatureHeader('{"id":"evt_1"}', ['whsec_new']))).toBe(true);
    expect(pattern.test(signatureHeader('{"id":"evt_1"}', ['whsec_new', 'whsec_old']))).toBe(true);
    expect(pattern.test('t=1767225600')).toBe(false);
  });
});
