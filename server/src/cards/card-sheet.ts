import * as XLSX from '@e965/xlsx';
import { cardUploadColumns, INVALID_FILE_MESSAGE, MAX_CARD_ROWS } from '@paydesk/shared/schemas/card';
import { HttpError } from '../http/http-error';

export type CellValue = string | number | boolean | null;
/** One data row of the sheet: its row number (the header is row 1) and the four columns' values. */
export interface SheetRow {
  row: number;
  values: Record<(typeof cardUploadColumns)[number], CellValue>;
}

export const NOT_A_SPREADSHEET = INVALID_FILE_MESSAGE;

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const cfbSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The file's own bytes decide, never its name: an .xlsx is a ZIP package, an .xls a compound
 * file. Anything else (a CSV or an HTML table renamed .xls) is refused before it is parsed.
 */
export function spreadsheetKind(file: Buffer): 'xlsx' | 'xls' | null {
  if (file.subarray(0, 4).equals(zipSignature)) return 'xlsx';
  if (file.subarray(0, 8).equals(cfbSignature)) return 'xls';
  return null;
}

const headerKey = (value: unknown): string => String(value ?? '').trim().toLowerCase();

function readFirstSheet(file: Buffer): unknown[][] {
  if (!spreadsheetKind(file)) throw new HttpError(415, NOT_A_SPREADSHEET);
  let workbook: XLSX.WorkBook;
  try {
    // Only the first sheet, values only: no formulas, styles or HTML, dense rows to save memory.
    workbook = XLSX.read(file, { type: 'buffer', sheets: 0, dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
  } catch {
    throw new HttpError(415, NOT_A_SPREADSHEET);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw new HttpError(400, 'The spreadsheet has no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
}

/**
 * The data rows of the first sheet. Row 1 must name the four columns (any order, any case;
 * other columns are ignored). Blank rows are skipped. Refuses (4xx) a file that is not a
 * spreadsheet, has no rows or more than MAX_CARD_ROWS, or lacks a column.
 */
export function readCardSheet(file: Buffer): SheetRow[] {
  const [header, ...body] = readFirstSheet(file);
  if (!header || header.every((cell) => headerKey(cell) === '')) throw new HttpError(400, 'The spreadsheet is empty');
  const keys = header.map(headerKey);
  const missing = cardUploadColumns.filter((column) => !keys.includes(column.toLowerCase()));
  if (missing.length > 0) {
    throw new HttpError(400, `The spreadsheet must have the columns ${cardUploadColumns.join(', ')} in its first row; missing: ${missing.join(', ')}`);
  }
  const index = Object.fromEntries(cardUploadColumns.map((column) => [column, keys.indexOf(column.toLowerCase())])) as Record<
    (typeof cardUploadColumns)[number],
    number
  >;
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    const values = Object.fromEntries(cardUploadColumns.map((column) => [column, cellValue(cells[index[column]])])) as SheetRow['values'];
    if (Object.values(values).every((value) => value === null)) return;
    rows.push({ row: i + 2, values });
  });
  if (rows.length === 0) throw new HttpError(400, 'The spreadsheet has no card rows');
  if (rows.length > MAX_CARD_ROWS) {
    throw new HttpError(413, `The spreadsheet has ${rows.length.toLocaleString('en-US')} card rows: upload at most ${MAX_CARD_ROWS.toLocaleString('en-US')} per file`);
  }
  return rows;
}

function cellValue(cell: unknown): CellValue {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'string') return cell.trim() === '' ? null : cell.trim();
  if (typeof cell === 'number' || typeof cell === 'boolean') return cell;
  return String(cell);
}

/** The template of `Download Template`: the four headers and an example row, all as text cells. */
export function cardTemplate(now: Date = new Date()): Buffer {
  const example = ['4111111111111111', '123', '12', String(now.getFullYear() + 3)];
  const sheet = XLSX.utils.aoa_to_sheet([[...cardUploadColumns], example]);
  // Text format (@) on the example row: Excel keeps typed card numbers whole and CVV zeros.
  example.forEach((_, column) => {
    const cell = sheet[XLSX.utils.encode_cell({ r: 1, c: column })] as XLSX.CellObject;
    cell.t = 's';
    cell.z = '@';
  });
  sheet['!cols'] = [{ wch: 22 }, { wch: 8 }, { wch: 14 }, { wch: 13 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Cards');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
