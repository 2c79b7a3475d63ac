import { NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import { buildTestApp, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, workbook } from './cards-fixtures';
import { deflatedPadding, partsOf, zipPackage, type ZipPart } from './zip-package';

let t: TestApp;
let admin: ReturnType<typeof cardsApi>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = cardsApi(t.app, await login(t.app, 'admin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const poolSize = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from pool_cards'))[0]!.n;
const SHEET = 'xl/worksheets/sheet1.xml';

/** A real one-card workbook whose parts `change` rewrites. */
function changedWorkbook(change: (parts: ZipPart[]) => ZipPart[]): Buffer {
  return zipPackage(change(partsOf(workbook([cardRow(cardNumber('4'))]))));
}

/** The sheet padded with `megabytes` MB of spaces after <sheetData> (valid XML, a few hundred KB packed). */
function paddedSheet(parts: ZipPart[], megabytes: number, declaredSize?: number): ZipPart[] {
  return parts.map((part) => {
    if (part.name !== SHEET) return part;
    const [prefix, suffix] = part.data!.toString().split(/(?<=<sheetData>)/) as [string, string];
    return { name: SHEET, deflated: deflatedPadding(prefix, megabytes, suffix), declaredSize };
  });
}

/**
 * Uploads the file while sampling this process's resident memory (the server is in this process,
 * its upload worker a thread of it): the answer and how far the memory rose above where it began.
 */
async function uploadMeasured(file: Buffer) {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  try {
    const response = await admin.upload(file);
    peak = Math.max(peak, process.memoryUsage.rss());
    return { ...response, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

describe('an .xlsx package is checked before it is unpacked', () => {
  // SheetJS unpacked every part whole before reading: 400 MB from this file of under 1 MB, and
  // GBs from a file within the 20 MB limit. Each bomb is refused from its package's directory,
  // or as soon as a part unpacks past the size it declares, with the memory where it was.
  it.each([
    ['a sheet that unpacks to 400 MB', 413, 'The spreadsheet unpacks to more than 100 MB', (parts: ZipPart[]) => paddedSheet(parts, 400)],
    [
      'a sheet of 60 MB compressed 1,000 to 1',
      413,
      `part ${SHEET} is compressed more than 100 to 1`,
      (parts: ZipPart[]) => paddedSheet(parts, 60),
    ],
    [
      'a sheet that declares 10 KB and unpacks to 400 MB',
      400,
      `part ${SHEET} does not unpack to the size it declares`,
      (parts: ZipPart[]) => paddedSheet(parts, 400, 10_000),
    ],
  ])("%s → %i, the server's memory unmoved", async (_name, status, message, change) => {
    const file = changedWorkbook(change);
    expect(file.length).toBeLessThan(1024 * 1024);
    const before = await poolSize();
    const { statusCode, body, growthMb } = await uploadMeasured(file);
    expect(statusCode).toBe(status);
    expect(body.status).toBe('error');
    expect(body.message).toContain(message);
    // Generous for a busy machine: the bombs grew it by the hundreds of MB they unpack to.
    expect(growthMb).toBeLessThan(200);
    expect(await poolSize()).toBe(before);
  });

  it.each([
    [
      'more parts than a workbook has',
      413,
      'The spreadsheet has 601 parts',
      (parts: ZipPart[]) => [
        ...parts,
        ...Array.from({ length: 601 - parts.length }, (_, i) => ({ name: `xl/media/image${i}.png`, data: Buffer.from([i % 256]) })),
      ],
    ],
    [
      'a workbook nested in the package',
      415,
      'not part of an Excel workbook: xl/embeddings/Book1.xlsx',
      (parts: ZipPart[]) => [...parts, { name: 'xl/embeddings/Book1.xlsx', data: workbook([cardRow(cardNumber('4'))]) }],
    ],
    [
      'a part no workbook has',
      415,
      'not part of an Excel workbook: Index.zip',
      (parts: ZipPart[]) => [...parts, { name: 'Index.zip', data: Buffer.from('PK') }],
    ],
    [
      'a part that leaves the package',
      415,
      NOT_A_WORKBOOK_MESSAGE,
      (parts: ZipPart[]) => [...parts, { name: '../xl/styles.xml', data: Buffer.from('<x/>') }],
    ],
  ])('%s → %i', async (_name, status, message, change) => {
    const before = await poolSize();
    const { statusCode, body } = await admin.upload(changedWorkbook(change));
    expect(statusCode).toBe(status);
    expect(body.message).toContain(message);
    expect(await poolSize()).toBe(before);
  });

  it('reads a package rebuilt part by part like any workbook', async () => {
    const { statusCode, body } = await admin.upload(changedWorkbook((parts) => parts));
    expect(statusCode).toBe(201);
    expect(body.data).toMatchObject({ added: 1 });
  });
});
