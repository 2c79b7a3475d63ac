import type { FastifyInstance } from 'fastify';
import { cardNumberSeparators, grouped, showsCardNumber } from '@paydesk/shared/testing/card-number-forms';
import { buildApp } from '../src/app';
import { createLogger, resolveLogFormat, type LogOutput } from '../src/logger';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, workbook } from './cards-fixtures';

/** What a terminal, or a pipe, would be handed: every text written, in order. */
const output = (isTTY: boolean): LogOutput & { written: string[] } => {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
};

const visa = cardNumber('4');
const masked = `${visa.slice(0, 6)}…${visa.slice(-4)}`;

describe('LOG_FORMAT', () => {
  test.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('%s, standard output a terminal: %s, writes %s lines', (format, isTTY, expected) => {
    expect(resolveLogFormat(format, { isTTY, write: () => true })).toBe(expected);
    const out = output(isTTY);
    createLogger('info', format, out).info({ order: 'A-1001' }, 'checkout created');
    expect(out.written).toHaveLength(1);
    const line = out.written[0]!;
    if (expected === 'json') {
      expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'checkout created', order: 'A-1001' });
    } else {
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: checkout created \{"order":"A-1001"\}\n$/);
    }
  });
});

describe('pretty lines on a terminal', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  const terminal = output(true);

  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app, 'admin@paydesk.test');
    expect((await cardsApi(t.app, token).upload(workbook([cardRow(visa)]))).statusCode).toBe(201);
    // The same app and database, logging as `npm start` does on a terminal.
    app = await buildApp({ config: t.config, db: t.db, logger: createLogger('info', 'auto', terminal) });
    app.post('/api/test-only/fails', async (request) => {
      const { search } = request.body as { search: string };
      request.log.warn({ body: request.body, [search]: 'as a key' }, `looking up ${search}`);
      throw new Error(`no card ${search}`);
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  test('one short line per request, when it completes: method, address, status, time', async () => {
    const from = terminal.written.length;
    expect((await app.inject({ url: '/api/backend/cards?page=1', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    const lines = terminal.written.slice(from);
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/backend\/cards\?page=1 → 200 in \d+\.\d ms\n$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/no-such-route → 404 in \d+\.\d ms\n$/),
    ]);
  });

  describe.each(cardNumberSeparators)('a card number typed with %s', (_name, separator) => {
    const typed = grouped(visa, separator);

    it('is masked in the request lines, a handler warning and an error', async () => {
      const from = terminal.written.length;
      const answers = [
        await app.inject({ method: 'POST', url: '/api/backend/cards/search', headers: bearer(token), payload: { search: typed } }),
        await app.inject({ url: `/api/backend/cards?search=${encodeURIComponent(typed)}`, headers: bearer(token) }),
        await app.inject({ url: `/api/backend/cards?${new URLSearchParams({ search: typed })}`, headers: bearer(token) }),
        await app.inject({ url: `/api/backend/cards/${encodeURIComponent(typed)}/uses`, headers: bearer(token) }),
        await app.inject({ method: 'POST', url: '/api/test-only/fails', payload: { search: typed } }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 400, 404, 500]);
      const written = terminal.written.slice(from).join('');
      expect(written).not.toMatch(/^\{/m);
      expect(written).toContain('POST /api/test-only/fails → 500');
      expect(written).toContain('/api/backend/cards?search=');
      expect(written).toContain(masked);
      expect(showsCardNumber(written, visa)).toBe(false);
    });

    it('is masked in a message, an error, a key, a nested field and a number field', () => {
      const out = output(true);
      const logger = createLogger('info', 'auto', out);
      logger.info({ body: { search: typed, list: [{ deep: `x${typed}y` }] }, [typed]: 1, amount: Number(visa) }, `searching ${typed}`);
      logger.error(new Error(`no card ${encodeURIComponent(typed)}`));
      logger.child({ query: new URLSearchParams({ search: typed }).toString() }).warn('child');
      const written = out.written.join('');
      expect(out.written).toHaveLength(3);
      expect(out.written[0]).toContain(`INFO: searching ${masked} {`);
      expect(showsCardNumber(written, visa)).toBe(false);
    });
  });
});
