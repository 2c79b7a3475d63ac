import { NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import * as XLSX from '@e965/xlsx';
import type { Browser, Locator, Page } from 'playwright-core';
import { withCheckDigit } from '@paydesk/shared/cards/card-rules';
import { closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn, type DemoRole } from '../support/accounts';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const COLUMNS = ['Card Number', 'CVV', 'Expiry Month', 'Expiry Year'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';

/** A Luhn-valid Visa number of 16 digits, random enough that other runs and files never share it. */
const newCardNumber = (): string => withCheckDigit(`4${Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('')}`);
const masked = (number: string): string => `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
const futureYear = String(new Date().getFullYear() + 2);

/** A real workbook; every cell is text, as the template asks, so no digit of a card number is lost. */
function workbook(rows: string[][], bookType: 'xlsx' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([COLUMNS, ...rows]), 'Cards');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}
const cardRow = (number: string): string[] => [number, '123', '12', futureYear];

async function openCards(role: DemoRole): Promise<Page> {
  const page = await newPage(browser);
  await openSignedIn(page, role, '/control/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
  await page.getByRole('heading', { name: 'Card Management' }).waitFor();
  await page.getByText(/^Cards \(\d+\)$/).waitFor();
  return page;
}

async function toast(page: Page, title: string, message: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).getByText(message, { exact: true }).waitFor();
}

/** Opens Upload Cards (unless open) and chooses the file; returns the dialog. */
async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Upload Cards' });
  if ((await dialog.count()) === 0) await page.getByRole('button', { name: 'Upload Cards' }).click();
  await dialog.getByLabel('Excel file').setInputFiles({ name, mimeType, buffer });
  return dialog;
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType: string): Promise<Locator> {
  const dialog = await chooseFile(page, name, buffer, mimeType);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  return dialog;
}

const figures = async (dialog: Locator) =>
  Object.fromEntries(
    await Promise.all(
      ['rows', 'added', 'already_in_pool', 'rejected_count'].map(async (key) => [
        key,
        Number(await dialog.getByTestId(`upload-${key}`).innerText()),
      ]),
    ),
  );

async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Search cards...').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

/** The next list answer whose address has `part`. */
const listed = (page: Page, part: string) => page.waitForResponse((r) => r.url().includes('/api/backend/cards?') && r.url().includes(part));

const cardRowOf = (page: Page, number: string): Locator => page.getByTestId('card-row').filter({ hasText: masked(number) });

test('a real .xlsx and a real .xls go up through the dialog: the counts, the rejected rows, then the cards in the list', async () => {
  const page = await openCards('admin');
  const [a, b, c, d, e] = [newCardNumber(), newCardNumber(), newCardNumber(), newCardNumber(), newCardNumber()];
  const badLuhn = `${a.slice(0, -1)}${(Number(a.slice(-1)) + 1) % 10}`;
  const xlsx = workbook([cardRow(a), cardRow(b), cardRow(badLuhn), cardRow(c)], 'xlsx');

  const dialog = await upload(page, 'e2e-cards.xlsx', xlsx, XLSX_TYPE);
  await toast(page, 'Upload Successful', 'Cards uploaded successfully');
  expect(await figures(dialog)).toEqual({ rows: 4, added: 3, already_in_pool: 0, rejected_count: 1 });
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' }).getByRole('row');
  expect(await rejected.count()).toBe(2);
  expect(await rejected.nth(1).getByRole('cell').first().innerText()).toBe('4');
  expect(await rejected.nth(1).getByRole('cell').nth(1).innerText()).toMatch(/Card Number/);

  // The same dialog takes the .xls: two new cards and one already in the pool.
  await upload(page, 'e2e-cards.xls', workbook([cardRow(d), cardRow(a), cardRow(e)], 'xls'), XLS_TYPE);
  await page.waitForFunction(() => document.querySelector('[data-testid="upload-added"]')?.textContent === '2');
  expect(await figures(dialog)).toEqual({ rows: 3, added: 2, already_in_pool: 1, rejected_count: 0 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  for (const number of [a, b, c, d, e]) {
    await search(page, number.slice(-4));
    const row = cardRowOf(page, number);
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([masked(number), '•••', '12', futureYear, 'active']);
    expect(cells[6]).toBe('Never');
    expect(cells.at(-1)).toBe('Block');
  }
  expect(await cardRowOf(page, badLuhn).count()).toBe(0);
  await closePage(page);
});

test('a .csv gets Invalid File in the browser and is never sent; a CSV renamed .xlsx gets it from the server', async () => {
  const page = await openCards('admin');
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/backend/cards/upload')) uploads.push(r.url());
  });
  const csv = Buffer.from(`${COLUMNS.join(',')}\n${cardRow(newCardNumber()).join(',')}\n`);

  const dialog = await chooseFile(page, 'cards.csv', csv, 'text/csv');
  await toast(page, 'Invalid File', 'Please upload an Excel file (.xlsx or .xls)');
  expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
  expect(uploads).toEqual([]);
  await page.getByTestId('toast').filter({ hasText: 'Invalid File' }).waitFor({ state: 'detached' });

  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/backend/cards/upload')),
    upload(page, 'renamed.xlsx', csv, XLSX_TYPE),
  ]);
  expect(answer.status()).toBe(415);
  // Invalid File is the browser's word for a wrong file name; what the server refuses is Upload Failed with its reason.
  await toast(page, 'Upload Failed', NOT_A_WORKBOOK_MESSAGE);
  expect(await dialog.getByTestId('upload-result').count()).toBe(0);
  await closePage(page);
});

test('Block then Unblock a card; the status filter and the search stay in the address', async () => {
  const page = await openCards('super_admin');
  const number = newCardNumber();
  const dialog = await upload(page, 'one-card.xlsx', workbook([cardRow(number)], 'xlsx'), XLSX_TYPE);
  await toast(page, 'Upload Successful', 'Cards uploaded successfully');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await search(page, number.slice(-4));
  const row = cardRowOf(page, number);
  await row.getByRole('button', { name: 'Block' }).click();
  await toast(page, 'Status Updated', 'Card has been blocked successfully');
  await row.getByTestId('card-status').filter({ hasText: 'blocked' }).waitFor();

  await Promise.all([listed(page, 'status=blocked'), chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Blocked')]);
  await page.waitForURL((url) => url.searchParams.get('status') === 'blocked');
  await row.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="card-status"]')].every((chip) => chip.textContent === 'blocked'),
  );
  await page.reload();
  await row.waitFor();
  expect(await page.getByPlaceholder('Search cards...').inputValue()).toBe(number.slice(-4));
  expect(await page.getByRole('combobox', { name: 'Status' }).textContent()).toBe('Blocked');

  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Active');
  await page.waitForURL((url) => url.searchParams.get('status') === 'active');
  await page.getByText(/^Cards \(\d+\)$/).waitFor();
  await row.waitFor({ state: 'detached' });

  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'All Status');
  await row.getByRole('button', { name: 'Unblock' }).click();
  await toast(page, 'Status Updated', 'Card has been unblocked successfully');
  await row.getByTestId('card-status').filter({ hasText: 'active' }).waitFor();
  await closePage(page);
});

test('a search by whole card number goes in a request body: neither the address nor any request URL holds it', async () => {
  const page = await openCards('admin');
  const number = newCardNumber();
  const dialog = await upload(page, 'searched-card.xlsx', workbook([cardRow(number)], 'xlsx'), XLSX_TYPE);
  await toast(page, 'Upload Successful', 'Cards uploaded successfully');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Active');
  await page.waitForURL((url) => url.searchParams.get('status') === 'active');

  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  const typed = (number.match(/.{4}/g) ?? []).join('\u00a0');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/backend/cards/search') && r.request().method() === 'POST'),
    page.getByPlaceholder('Search cards...').fill(typed),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ search: typed, status: 'active', page: 1 });
  await page.getByText('Cards (1)', { exact: true }).waitFor();
  await cardRowOf(page, number).waitFor();
  expect(await page.getByTestId('card-row').count()).toBe(1);
  expect(new URL(page.url()).searchParams.get('status')).toBe('active');
  const digitsIn = (url: string) => decodeURIComponent(url).replace(/\D/g, '');
  for (const url of [...urls, page.url()]) expect(digitsIn(url)).not.toContain(number);

  // A reload keeps the filters the address may hold; the number was never in it.
  await page.reload();
  await page.getByText(/^Cards \(\d+\)$/).waitFor();
  expect(await page.getByPlaceholder('Search cards...').inputValue()).toBe('');
  expect(await page.getByRole('combobox', { name: 'Status' }).textContent()).toBe('Active');
  await closePage(page);
});

test('Download Template opens the template in a new window, without the session; it has the four columns', async () => {
  const page = await openCards('admin');
  const isTemplate = (url: string) => url.endsWith('/api/backend/cards/download/bulk-template');
  // The new window turns into a download and closes: its answer is watched on the whole context.
  const answered = page.context().waitForEvent('response', (r) => isTemplate(r.url()));
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Upload Cards' }).click();
  await page.getByRole('dialog', { name: 'Upload Cards' }).getByRole('button', { name: 'Download Template' }).click();
  const [answer, popup] = await Promise.all([answered, opened]);
  expect(popup).not.toBe(page);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment/);
  expect(answer.request().headers().authorization).toBeUndefined();

  const file = await page.request.get('/api/backend/cards/download/bulk-template');
  const book = XLSX.read(await file.body(), { type: 'buffer' });
  const [header] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  expect(header).toEqual(COLUMNS);
  await closePage(page);
});

test('a viewer sees the cards but no Upload Cards, Block or Unblock', async () => {
  const admin = await openCards('admin');
  const dialog = await upload(admin, 'for-viewer.xlsx', workbook([cardRow(newCardNumber())], 'xlsx'), XLSX_TYPE);
  await toast(admin, 'Upload Successful', 'Cards uploaded successfully');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await closePage(admin);

  const page = await openCards('viewer');
  await page.getByTestId('card-row').first().waitFor();
  expect(await page.getByRole('button', { name: 'Upload Cards' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^(Block|Unblock)$/ }).count()).toBe(0);
  await closePage(page);
});
