import { CARD_SEARCH_IN_ADDRESS_MESSAGE } from '@paydesk/shared/schemas/card';
import { buildTestApp, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, workbook } from './cards-fixtures';

let t: TestApp;
let admin: ReturnType<typeof cardsApi>;
let viewer: ReturnType<typeof cardsApi>;
const visa = cardNumber('411111');
const mastercard = cardNumber('555555');
const others = Array.from({ length: 28 }, () => cardNumber('4'));

beforeAll(async () => {
  t = await buildTestApp();
  admin = cardsApi(t.app, await login(t.app, 'admin@paydesk.test'));
  viewer = cardsApi(t.app, await login(t.app, 'viewer@paydesk.test'));
  const { statusCode } = await admin.upload(workbook([visa, mastercard, ...others].map((number) => cardRow(number))));
  expect(statusCode).toBe(201);
}, 60_000);
afterAll(() => t?.close());

const idOf = async (number: string) => (await admin.search({ search: number })).body.data[0]!.id;

describe('the card list', () => {
  it('pages the pool newest first with the total for "Cards (count)"', async () => {
    const first = await admin.list({ per_page: 25 });
    expect(first.statusCode).toBe(200);
    expect(first.body.total).toBe(30);
    expect(first.body.data).toHaveLength(25);
    const second = await admin.list({ per_page: 25, page: 2 });
    expect(second.body.data).toHaveLength(5);
    const ids = [...first.body.data, ...second.body.data].map((card) => card.id);
    expect(new Set(ids).size).toBe(30);
  });

  it.each([
    ['the last four', () => visa.slice(-4), () => [visa]],
    ['the first six', () => '555555', () => [mastercard]],
    ['the brand', () => 'mastercard', () => [mastercard]],
  ])('finds a card by %s, in the address or in a request body alike', async (_how, search, expected) => {
    const shown = expected().map((number) => `${number.slice(0, 6)}******${number.slice(-4)}`);
    for (const { body } of [await admin.list({ search: search() }), await admin.search({ search: search() })]) {
      expect(body.data.map((card) => card.card_number).filter((n) => shown.includes(n))).toEqual(shown);
    }
  });

  it.each([
    ['the whole number', () => visa, () => [visa]],
    ['the whole number, spaced as typed', () => visa.replace(/(\d{4})/g, '$1 ').trim(), () => [visa]],
    ['the whole number, in fullwidth digits', () => String.fromCodePoint(...[...visa].map((d) => 0xff10 + Number(d))), () => [visa]],
    ['a partial number that nothing shown can match', () => visa.slice(0, 9), () => []],
  ])('finds a card by %s in a request body only; an address with it is refused', async (_how, search, expected) => {
    const { statusCode, body } = await admin.search({ search: search(), per_page: 10 });
    expect(statusCode).toBe(200);
    const shown = expected().map((number) => `${number.slice(0, 6)}******${number.slice(-4)}`);
    expect(body).toMatchObject({ total: shown.length, page: 1, per_page: 10 });
    expect(body.data.map((card) => card.card_number)).toEqual(shown);
    const refused = await admin.list({ search: search() });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(`search: ${CARD_SEARCH_IN_ADDRESS_MESSAGE}`);
  });

  it('filters and pages a search in the body as the address does', async () => {
    const byBody = await admin.search({ status: 'active', page: 2, per_page: 25 });
    const byAddress = await admin.list({ status: 'active', page: 2, per_page: 25 });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.body).toEqual(byAddress.body);
    expect(byBody.body.data).toHaveLength(5);
  });

  it('refuses a malformed search body with a clear 400', async () => {
    expect((await admin.search({ per_page: 1000 })).body.message).toContain('per_page must be 10, 25, 50 or 100');
    for (const body of [{ search: 42 }, { status: 'stolen' }, { search: 'x'.repeat(33) }])
      expect((await admin.search(body)).statusCode).toBe(400);
  });

  it('gives each card of a page its own last five uses, newest first, on any page', async () => {
    const second = (await admin.list({ per_page: 10, page: 2 })).body.data;
    const onPage1 = (await admin.list({ per_page: 10 })).body.data[3]!;
    const onPage2 = second[7]!;
    const use = (card: { id: number }, n: number, minutesAgo: number) =>
      t.db.query(
        'insert into pool_card_uses (card_id, transaction_id, succeeded, created_at) values ($1, $2, true, now() - make_interval(mins => $3))',
        [card.id, `use-${card.id}-${n}`, minutesAgo],
      );
    for (let n = 1; n <= 6; n += 1) await use(onPage2, n, 60 - n);
    await use(onPage1, 1, 5);
    const usesOf = async (page: number, id: number) =>
      (await admin.list({ per_page: 10, page })).body.data.find((card) => card.id === id)!.transactions.map((u) => u.transaction_id);
    expect(await usesOf(2, onPage2.id)).toEqual([6, 5, 4, 3, 2].map((n) => `use-${onPage2.id}-${n}`));
    expect(await usesOf(1, onPage1.id)).toEqual([`use-${onPage1.id}-1`]);
    expect((await admin.list({ per_page: 10, page: 2 })).body.data.map((card) => card.id)).toEqual(second.map((card) => card.id));
  });

  it('refuses a page size outside 10, 25, 50, 100 with a clear message', async () => {
    const { statusCode, body } = await admin.list({ per_page: 1000 });
    expect(statusCode).toBe(400);
    expect(body.message).toContain('per_page must be 10, 25, 50 or 100');
  });
});

describe('block and unblock', () => {
  it('blocks and unblocks, answering with the card as it now stands', async () => {
    const id = await idOf(visa);
    const blocked = await admin.setStatus(id, 'blocked');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      status: 'success',
      message: 'Card has been blocked successfully',
      data: { id, status: 'blocked' },
    });
    expect((await admin.list({ status: 'blocked' })).body.data.map((card) => card.id)).toEqual([id]);
    const unblocked = await admin.setStatus(id, 'active');
    expect(unblocked.json()).toMatchObject({ message: 'Card has been unblocked successfully', data: { status: 'active' } });
    expect((await admin.list({ status: 'blocked' })).body.total).toBe(0);
  });

  it('answers 404 for an unknown card and 400 for an unknown status', async () => {
    expect((await admin.setStatus(999_999, 'blocked')).statusCode).toBe(404);
    const bad = await admin.setStatus(await idOf(visa), 'stolen');
    expect(bad.statusCode).toBe(400);
    expect((await admin.list({ status: 'blocked' })).body.total).toBe(0);
  });

  it('lets viewers read the list but not change a card (403)', async () => {
    expect((await viewer.list()).statusCode).toBe(200);
    expect((await viewer.search({ search: mastercard })).body.data).toHaveLength(1);
    const id = await idOf(mastercard);
    expect((await viewer.setStatus(id, 'blocked')).statusCode).toBe(403);
    expect((await admin.search({ search: mastercard })).body.data[0]?.status).toBe('active');
    expect((await t.app.inject({ method: 'GET', url: '/api/backend/cards' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/backend/cards/search', payload: {} })).statusCode).toBe(401);
  });
});
