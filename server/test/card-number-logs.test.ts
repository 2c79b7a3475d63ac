import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cardNumberSeparators, grouped, showsCardNumber } from '@paydesk/shared/testing/card-number-forms';
import { bearer, buildTestApp, captureLogs, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, workbook } from './cards-fixtures';
import { LOGGED_TEXT_LIMIT, loggableText } from '../src/logger';

let t: TestApp;
let token: string;
let admin: ReturnType<typeof cardsApi>;
const visa = cardNumber('4');
const shown = `${visa.slice(0, 6)}******${visa.slice(-4)}`;

beforeAll(async () => {
  t = await buildTestApp();
  // A route that logs what it was sent and then fails, as any handler could: the log of an
  // error message and of a body field goes through the same logger.
  t.app.post('/api/test-only/fails', async (request) => {
    const { search } = request.body as { search: string };
    request.log.warn({ body: request.body, [search]: 'as a key' }, `looking up ${search}`);
    throw new Error(`no card ${search}`);
  });
  token = await login(t.app, 'admin@paydesk.test');
  admin = cardsApi(t.app, token);
  expect((await admin.upload(workbook([cardRow(visa)]))).statusCode).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t?.close());

describe.each(cardNumberSeparators)('a card number typed with %s', (_name, separator) => {
  const typed = grouped(visa, separator);

  it('finds the card through a request body (POST /api/backend/cards/search)', async () => {
    const { statusCode, body } = await admin.search({ search: typed });
    expect(statusCode).toBe(200);
    expect(body.data.map((card) => card.card_number)).toEqual([shown]);
  });

  it.each([
    ['the card list, percent-encoded', () => `/api/backend/cards?search=${encodeURIComponent(typed)}`],
    ['the card list, form-encoded', () => `/api/backend/cards?${new URLSearchParams({ search: typed, page: '1' })}`],
    ['the transaction list, percent-encoded', () => `/api/backend/all-transactions?search=${encodeURIComponent(typed)}`],
    ['the transaction list, form-encoded', () => `/api/backend/all-transactions?${new URLSearchParams({ search: typed })}`],
  ])('is refused with a 400 in the address of %s', async (_where, url) => {
    const response = await t.app.inject({ url: url(), headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: expect.stringMatching(/card number/i), code: 'invalid_request' });
  });

  it('never reaches the log, nor an error answer, in any form', async () => {
    const from = t.logs.written.length;
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/backend/cards/search', headers: bearer(token), payload: { search: typed } }),
      await t.app.inject({ url: `/api/backend/cards?search=${encodeURIComponent(typed)}`, headers: bearer(token) }),
      await t.app.inject({ url: `/api/backend/cards?${new URLSearchParams({ search: typed })}`, headers: bearer(token) }),
      await t.app.inject({
        url: `/api/backend/all-transactions?search=${encodeURIComponent(encodeURIComponent(typed))}`,
        headers: bearer(token),
      }),
      await t.app.inject({ url: `/api/backend/cards/${encodeURIComponent(typed)}/uses`, headers: bearer(token) }),
      await t.app.inject({ method: 'POST', url: '/api/test-only/fails', payload: { search: typed } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 400, 400, 404, 500]);
    for (const answer of answers) expect(showsCardNumber(answer.body, visa)).toBe(false);

    const written = t.logs.written.slice(from).join('');
    // The log did record these requests and the failure, with the number masked.
    expect(written).toContain('/api/backend/cards');
    expect(written).toContain('no card');
    expect(written).toContain(`${visa.slice(0, 6)}…${visa.slice(-4)}`);
    expect(showsCardNumber(written, visa)).toBe(false);
  });
});

describe('the logger', () => {
  test.each(cardNumberSeparators)(
    'masks a number typed with %s in a message, an error, a key, a nested field and a number field',
    (_name, separator) => {
      const { logger, capture } = captureLogs();
      const typed = grouped(visa, separator);
      logger.info({ body: { search: typed, list: [{ deep: `x${typed}y` }] }, [typed]: 1, amount: Number(visa) }, `searching ${typed}`);
      logger.error(new Error(`no card ${encodeURIComponent(typed)}`));
      logger.child({ query: new URLSearchParams({ search: typed }).toString() }).warn('child');
      const written = capture.written.join('');
      expect(showsCardNumber(written, visa)).toBe(false);
      expect(capture.lines).toHaveLength(3);
      for (const line of capture.lines) expect(line.time).toEqual(expect.any(Number));
      expect(capture.lines[0]!.msg).toBe(`searching ${visa.slice(0, 6)}…${visa.slice(-4)}`);
    },
  );
});

/** Every printable ASCII character that is neither a letter nor a digit: each may stand between the digits. */
const asciiSeparators = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => !/[A-Za-z0-9]/.test(c));
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * One request as a client on the wire sends it, the request line exactly as given: no client
 * library encodes, drops (`#…`) or refuses a character first. Resolves to the raw answer.
 */
function rawRequest(target: string, headers: Record<string, string>): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}`);
    // Not ended: a half-closed socket may be dropped before its answer. `connection: close` ends it.
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  });
}

describe.each(asciiSeparators.map((c) => [JSON.stringify(c), c] as const))('a card number split by the ASCII %s', (_name, separator) => {
  // As typed, percent-encoded (both cases of hex), percent-encoded twice, and as a form encodes it.
  const forms = [
    ['as typed', separator],
    ['%XX', `%${hex(separator).toUpperCase()}`],
    ['%xx', `%${hex(separator)}`],
    ['%25XX', `%25${hex(separator).toUpperCase()}`],
    ['form-encoded', new URLSearchParams({ s: separator }).toString().slice(2)],
  ] as const;

  it('reaches no answer and no log line, sent in the request line of a real request', async () => {
    const from = t.logs.written.length;
    const answers: string[] = [];
    for (const [how, between] of forms) {
      const typed = grouped(visa, between);
      const list = await rawRequest(`/api/backend/cards?search=${typed}&page=1`, bearer(token));
      // Percent-encoded, the search reaches the list as the number: refused, never looked up as a brand.
      if (how === '%XX') expect(list.slice(0, 12)).toBe('HTTP/1.1 400');
      answers.push(list);
      answers.push(await rawRequest(`/api/backend/all-transactions?search=${typed}`, bearer(token)));
      answers.push(await rawRequest(`/api/backend/cards/${typed}/uses`, bearer(token)));
      answers.push(await rawRequest(`/api/no-such-route/${typed}?q=${typed}`, {}));
    }
    for (const answer of answers) expect(showsCardNumber(answer, visa)).toBe(false);
    // The request line is what Fastify logs: the percent-encoded forms at least were logged, masked.
    const written = t.logs.written.slice(from).join('');
    expect(written).toContain('/api/backend/cards');
    expect(written).toMatch(/\d{6}…\d{4}/);
    expect(showsCardNumber(written, visa)).toBe(false);
  });

  it('is masked by the logger in a message, a field, a key and an error', () => {
    const { logger, capture } = captureLogs();
    for (const [, between] of forms) {
      const typed = grouped(visa, between);
      logger.info({ url: `/api/backend/cards?search=${typed}`, [typed]: 1 }, `searching ${typed}`);
      logger.error(new Error(`no card ${typed}`));
    }
    expect(capture.lines).toHaveLength(2 * forms.length);
    expect(showsCardNumber(capture.written.join(''), visa)).toBe(false);
    // A `%` before two hex digits reads two ways (`4242%3642` is also `42426 42`): the digits shown may be the decoded ones.
    if (separator !== '%') expect(capture.lines[0]!.msg).toBe(`searching ${visa.slice(0, 6)}…${visa.slice(-4)}`);
  });
});

describe('a very long text', () => {
  const filler = 'x'.repeat(LOGGED_TEXT_LIMIT - 10);

  it('is logged cut to LOGGED_TEXT_LIMIT characters, however long the address', async () => {
    const from = t.logs.written.length;
    const path = `/api/${'%E2%80%AE%D9%85'.repeat(200_000)}`;
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message.length).toBeLessThan(LOGGED_TEXT_LIMIT + 100);
    const lines = t.logs.written.slice(from);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThan(2 * LOGGED_TEXT_LIMIT);
  });

  it.each(cardNumberSeparators)('shows no part of a number typed with %s that the cut goes through', (_name, separator) => {
    const typed = grouped(visa, separator);
    for (let shift = 0; shift < typed.length; shift += 1) {
      const text = `${filler.slice(shift)}${typed}${typed} and more`;
      const logged = loggableText(text);
      const [head, tail] = logged.split('…[');
      expect(tail).toMatch(/^\d+ more characters\]$/);
      expect(head!.replace(/\D/g, '')).toBe('');
    }
  });
});
