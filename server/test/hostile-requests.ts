import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { cardNumber, futureYear, workbook } from './cards-fixtures';
import { attacks, brokenJson, contentTypes, hostileJson, hostileString, hostileUrlPart, objectText } from './hostile-values';
import type { Request, RouteRule } from './route-access';

/** One hostile change to a valid request: the whole body, one field, an extra field, a query value, a path parameter. */
export type Mutation =
  | { kind: 'body'; text: string; contentType: string }
  | { kind: 'field'; at: number; value: string }
  | { kind: 'extra'; key: string; value: string }
  | { kind: 'query'; key: string | null; value: string }
  | { kind: 'param'; at: number; value: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('body' as const), text: fc.oneof(hostileJson, brokenJson), contentType: fc.constantFrom(...contentTypes) }),
  { arbitrary: fc.record({ kind: fc.constant('field' as const), at: fc.nat(), value: hostileJson }), weight: 2 },
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'role', 'status', 'id', 'amount'), hostileString),
    value: hostileJson,
  }),
  fc.record({
    kind: fc.constant('query' as const),
    key: fc.option(fc.constantFrom('page', 'per_page', 'search', 'status', 'range', 'reference', '__proto__', 'page[]')),
    value: hostileUrlPart,
  }),
  fc.record({ kind: fc.constant('param' as const), at: fc.nat(), value: hostileUrlPart }),
);

const isForm = (request: Request) => String(request.headers?.['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** A form carries strings only: JSON text that spells a string goes in as that string. */
const formText = (json: string): string => {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'string' ? value : json;
  } catch {
    return json;
  }
};

/** The body's fields as [key, JSON text] pairs (none for a file upload or an empty body). */
function fieldsOf(valid: Request, form: boolean): [string, string][] {
  if (form) return [...new URLSearchParams(String(valid.payload))].map(([k, v]) => [k, JSON.stringify(v)]);
  if (valid.payload && typeof valid.payload === 'object' && !Buffer.isBuffer(valid.payload))
    return Object.entries(valid.payload).map(([k, v]) => [k, JSON.stringify(v)]);
  return [];
}

/** The table's valid request with one hostile change. */
export function mutate(rule: RouteRule, valid: Request, change: Mutation): InjectOptions {
  const headers: Record<string, string> = { ...(valid.headers as Record<string, string>) };
  const form = isForm(valid);
  const fields = fieldsOf(valid, form);
  const [path = '', query = ''] = valid.url.split('?');
  let url = valid.url;
  let payload: string | Buffer | undefined = Buffer.isBuffer(valid.payload)
    ? valid.payload
    : fields.length
      ? objectText(fields)
      : undefined;
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  switch (change.kind) {
    case 'body':
      payload = change.text;
      if (change.contentType) headers['content-type'] = change.contentType;
      else delete headers['content-type'];
      break;
    case 'field':
    case 'extra': {
      const entries = [...fields];
      const at = change.kind === 'field' && entries.length ? change.at % entries.length : -1;
      if (change.kind === 'extra') entries.push([change.key, change.value]);
      else if (at >= 0) entries[at] = [entries[at]![0], change.value];
      else entries.push(['value', change.value]);
      payload = form ? new URLSearchParams(entries.map(([k, v]) => [k, formText(v)])).toString() : objectText(entries);
      if (!form) headers['content-type'] = 'application/json';
      break;
    }
    case 'query': {
      const pairs = query ? query.split('&') : [];
      const key = change.key ?? pairs[0]?.split('=')[0] ?? 'q';
      url = `${path}?${[...pairs.filter((p) => !p.startsWith(`${key}=`)), `${key}=${change.value}`].join('&')}`;
      break;
    }
    case 'param': {
      // A route parameter when there is one, else the last segment (a path the router must refuse cleanly).
      const spots = rule.route.split('/').flatMap((part, i) => (part.startsWith(':') || part === '*' ? [i] : []));
      const parts = path.split('/');
      parts[spots.length ? spots[change.at % spots.length]! : parts.length - 1] = change.value;
      url = `${parts.join('/')}${query ? `?${query}` : ''}`;
      break;
    }
  }
  return { method: rule.method, url, headers, payload };
}

/** A spreadsheet's cell: attack strings, card-like text, numbers, blanks. */
const cell = fc.oneof(
  fc.constantFrom(...attacks),
  fc.constant(cardNumber('4')),
  fc.integer(),
  fc.constant(null),
  fc.constant(String(futureYear())),
);

/** What a multipart part may carry: a real workbook (valid or hostile rows), random bytes, text, nothing. */
const partContent: fc.Arbitrary<Buffer> = fc.oneof(
  fc.array(fc.tuple(cell, cell, cell, cell), { maxLength: 4 }).map((rows) => workbook(rows)),
  fc.constant(null).map(() => workbook([[cardNumber('4'), '123', '12', String(futureYear())]])),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(Buffer.from('Card Number,CVV\n4242424242424242,123\n'), Buffer.from('PK\u0003\u0004broken zip'), Buffer.alloc(0)),
);

const partHeaderText = fc.oneof(
  fc.constantFrom('file', 'files', 'other', 'file[]', '', 'fi"le', 'file\r\nX-Evil: 1'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
);
const fileName = fc.oneof(
  fc.constantFrom(
    'cards.xlsx',
    'cards.xls',
    'cards.csv',
    'cards.XLSX',
    '../../etc/passwd.xlsx',
    '.xlsx',
    'a\u0000.xlsx',
    'c\u00e1rds \u202e.xlsx',
  ),
  hostileString.map((s) => `${s.slice(0, 40)}.xlsx`),
);

export interface MultipartSpec {
  parts: { name: string; filename: string | null; content: Buffer }[];
  contentType: 'ok' | 'wrong boundary' | 'no boundary' | 'none' | 'json';
  truncateAt: number | null;
  closing: boolean;
}

export const multipartSpec: fc.Arbitrary<MultipartSpec> = fc.record({
  parts: fc.array(fc.record({ name: partHeaderText, filename: fc.option(fileName), content: partContent }), { maxLength: 3 }),
  contentType: fc.constantFrom('ok', 'wrong boundary', 'no boundary', 'none', 'json'),
  truncateAt: fc.option(fc.nat()),
  closing: fc.boolean(),
});

/** The body and headers a spec describes, built by hand so that every malformation is possible. */
export function multipartRequest(spec: MultipartSpec): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----paydeskHostile7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of spec.parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  if (spec.closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (spec.truncateAt !== null && payload.length > 0) payload = payload.subarray(0, spec.truncateAt % payload.length);
  const contentType = {
    ok: `multipart/form-data; boundary=${boundary}`,
    'wrong boundary': 'multipart/form-data; boundary=somethingElse',
    'no boundary': 'multipart/form-data',
    none: '',
    json: 'application/json',
  }[spec.contentType];
  return { payload, headers: contentType ? { 'content-type': contentType } : {} };
}
