import { NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import * as XLSX from '@e965/xlsx';
import { buildTestApp, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, futureYear, workbook } from './cards-fixtures';

let t: TestApp;
let admin: ReturnType<typeof cardsApi>;
let viewer: ReturnType<typeof cardsApi>;
beforeAll(async () => {
  t = await buildTestApp({ CARD_UPLOAD_MAX_MB: '1' });
  admin = cardsApi(t.app, await login(t.app, 'admin@paydesk.test'));
  viewer = cardsApi(t.app, await login(t.app, 'viewer@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const poolSize = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from pool_cards'))[0]!.n;
/** Every stored card row, those of unfinished uploads too. */
const storedRows = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from pool_card_rows'))[0]!.n;

/** Every text of every pool row, to prove no number or CVV is stored in the clear. */
const poolText = async () => JSON.stringify(await t.db.query('select * from pool_cards'));

describe('card upload', () => {
  const good = [cardNumber('4'), cardNumber('51'), cardNumber('37', 15)];

  it('stores the valid rows of a real .xlsx and lists every refused row with its reason', async () => {
    const before = await poolSize();
    const file = workbook([
      cardRow(good[0]!),
      cardRow(good[1]!, '456', 1, futureYear() % 100),
      cardRow(good[2]!, '1234'),
      cardRow('4242424242424241'),
      cardRow(cardNumber('4'), '12'),
      cardRow(cardNumber('37', 15), '123'),
      cardRow(cardNumber('4'), '123', '13'),
      cardRow(cardNumber('4'), '123', '01', '2020'),
      [Number(cardNumber('4')), '123', '12', String(futureYear())],
      [],
      cardRow(good[0]!),
      cardRow(cardNumber('4'), 'abc'),
    ]);
    const { statusCode, body } = await admin.upload(file);
    expect(statusCode).toBe(201);
    expect(body.message).toBe('Cards uploaded successfully');
    expect(body.data).toEqual({
      rows: 11,
      added: 3,
      already_in_pool: 0,
      rejected_count: 8,
      rejected: [
        { row: 5, reason: 'Card Number is not a valid card number (13 to 19 digits, Luhn check)' },
        { row: 6, reason: 'CVV must be 3 digits' },
        { row: 7, reason: 'CVV must be 4 digits for American Express' },
        { row: 8, reason: 'Expiry Month must be a number from 1 to 12' },
        { row: 9, reason: 'The card has expired' },
        { row: 10, reason: 'Card Number is a number cell and has lost digits: store card numbers as text' },
        { row: 12, reason: 'The same card is on row 2' },
        { row: 13, reason: 'CVV must contain digits only' },
      ],
    });
    expect(await poolSize()).toBe(before + 3);
  });

  it('keeps no card number or CVV in the clear: the table holds sealed values and the shown digits only', async () => {
    const text = await poolText();
    for (const number of good) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.slice(6, -4));
    }
    const rows = await t.db.query<{ sealed: string; first_six: string; last_four: string }>(
      'select sealed, first_six, last_four from pool_cards',
    );
    for (const row of rows) expect(row.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('lists the uploaded cards masked, with no CVV', async () => {
    const { body } = await admin.list({ search: good[2]!.slice(-4) });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      card_number: `${good[2]!.slice(0, 6)}*****${good[2]!.slice(-4)}`,
      cvv: '•••',
      card_brand: 'American Express',
      status: 'active',
      failure_count: 0,
      transactions: [],
    });
  });

  it('counts cards already in the pool instead of adding them twice', async () => {
    const before = await poolSize();
    const { statusCode, body } = await admin.upload(workbook([cardRow(good[0]!), cardRow(good[1]!, '456')]), 'again.xlsx');
    expect(statusCode).toBe(201);
    expect(body.data).toMatchObject({ rows: 2, added: 0, already_in_pool: 2, rejected_count: 0 });
    expect(await poolSize()).toBe(before);
  });

  it('reads a real .xls (BIFF8) file too', async () => {
    const number = cardNumber('6011');
    const { statusCode, body } = await admin.upload(workbook([cardRow(number)], 'xls'), 'legacy.xls');
    expect(statusCode).toBe(201);
    expect(body.data).toMatchObject({ added: 1 });
    expect((await admin.search({ search: number })).body.data[0]?.card_brand).toBe('Discover');
  });

  describe('a refused file adds nothing', () => {
    const csv = Buffer.from(`Card Number,CVV,Expiry Month,Expiry Year\n${cardNumber('4')},123,12,${futureYear()}\n`);
    it.each([
      ['a CSV file', 415, 'Please upload an Excel file (.xlsx or .xls)', csv, 'cards.csv'],
      ['a CSV renamed .xlsx', 415, NOT_A_WORKBOOK_MESSAGE, csv, 'cards.xlsx'],
      ['an HTML table renamed .xls', 415, NOT_A_WORKBOOK_MESSAGE, Buffer.from('<table><tr><td>Card Number</td></tr></table>'), 'cards.xls'],
      ['a broken ZIP named .xlsx', 415, NOT_A_WORKBOOK_MESSAGE, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'cards.xlsx'],
      ['an empty sheet', 400, 'The spreadsheet is empty', workbook([], 'xlsx', []), 'empty.xlsx'],
      ['headers only', 400, 'The spreadsheet has no card rows', workbook([]), 'headers.xlsx'],
      [
        'a missing column',
        400,
        'missing: Expiry Year',
        workbook([[cardNumber('4'), '123', '12']], 'xlsx', ['Card Number', 'CVV', 'Expiry Month']),
        'three.xlsx',
      ],
      ['a file over CARD_UPLOAD_MAX_MB', 413, 'The file is larger than 1 MB', Buffer.alloc(1024 * 1024 + 10, 1), 'big.xlsx'],
    ])('%s → %i', async (_name, status, message, file, filename) => {
      const before = await poolSize();
      const { statusCode, body } = await admin.upload(file as Buffer, filename as string);
      expect(statusCode).toBe(status);
      expect(body.status).toBe('error');
      expect(body.message).toContain(message);
      expect(await poolSize()).toBe(before);
    });

    it('a file whose every row is refused → 422 with the rows', async () => {
      const before = await poolSize();
      const { statusCode, body } = await admin.upload(workbook([cardRow('1234567812345678'), cardRow(cardNumber('4'), '1')]));
      expect(statusCode).toBe(422);
      expect(body.data?.rejected.map((r) => r.row)).toEqual([2, 3]);
      expect(await poolSize()).toBe(before);
    });

    it('a request without the file field → 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/backend/cards/upload',
        headers: { authorization: `Bearer ${await login(t.app, 'admin@paydesk.test')}`, 'content-type': 'application/json' },
        payload: {},
      });
      expect(response.statusCode).toBe(400);
    });

    it('stores the accepted rows all together or not at all', async () => {
      // A fault in the middle of the upload (the second batch of 5,000): nothing of the first stays.
      await t.db.exec(`create function refuse_card() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
        create trigger refuse_card before insert on pool_card_rows for each row when (new.last_four = '0000') execute function refuse_card();`);
      try {
        const rows = Array.from({ length: 5_001 }, () => cardRow(cardNumber('4')));
        let last = cardNumber('4', 12);
        while (!last.endsWith('0000')) last = cardNumber('4');
        rows.push(cardRow(last));
        const before = await poolSize();
        const { statusCode } = await admin.upload(workbook(rows));
        expect(statusCode).toBe(500);
        expect(await poolSize()).toBe(before);
        // The rows stored before the fault are deleted, not only left out of the pool.
        expect(await storedRows()).toBe(before);
      } finally {
        await t.db.exec('drop trigger refuse_card on pool_card_rows; drop function refuse_card();');
      }
    });

    it('stores a file of several batches whole, the worker pausing until each batch is stored', async () => {
      // Three batches of 5,000 at most: the worker waits for the server's word after the second.
      const rows = Array.from({ length: 11_001 }, () => cardRow(cardNumber('4')));
      const before = await poolSize();
      const { statusCode, body } = await admin.upload(workbook(rows));
      expect(statusCode).toBe(201);
      expect(body.data).toMatchObject({ rows: 11_001, added: 11_001, rejected_count: 0 });
      expect(await poolSize()).toBe(before + 11_001);
    });
  });

  it('refuses viewers (403) and anonymous callers (401) before reading the file', async () => {
    const before = await poolSize();
    expect((await viewer.upload(workbook([cardRow(cardNumber('4'))]))).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/backend/cards/upload', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await poolSize()).toBe(before);
  });

  it('serves the template: a real .xlsx with the four headers and an example row that passes the rules', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/backend/cards/download/bulk-template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('card-upload-template.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Card Number', 'CVV', 'Expiry Month', 'Expiry Year']);
    expect(rows[1]?.[0]).toBe('4111111111111111');
    const upload = await admin.upload(response.rawPayload, 'template.xlsx');
    expect([upload.body.data?.added, upload.body.data?.already_in_pool].reduce((a, b) => a! + b!)).toBe(1);
  });
});
