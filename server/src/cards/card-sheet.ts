import * as XLSX from '@e965/xlsx';
import { cardUploadColumns, MAX_CARD_ROWS, NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import { invalid, tooLarge, unsupportedMedia } from '../errors/domain-error';
import { unpackXlsx, type WorkbookContainer } from './spreadsheet-package';

export type CellValue = string | number | boolean | null;
/** One data row of the sheet: its row number (the header is row 1) and the four columns' values. */
export interface SheetRow {
  row: number;
  values: Record<(typeof cardUploadColumns)[number], CellValue>;
}

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

const headerKey = (value: unknown): string =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/** Rows as SheetJS reads them (dense); a row is let go once it has been read. */
type DenseRows = ((XLSX.CellObject | undefined)[] | undefined)[];

/** Only the first sheet, values only: no formulas, styles or HTML, dense rows to save memory. */
const readOptions: XLSX.ParsingOptions = {
  sheets: 0,
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellText: false,
};
/** SheetJS's reader of a package's parts, which XLSX.read calls after unpacking every part itself. */
const parseZip = (XLSX as unknown as { parse_zip(zip: WorkbookContainer, options: XLSX.ParsingOptions): XLSX.WorkBook }).parse_zip;

/**
 * The first sheet's rows as SheetJS reads them (dense), and the index of its first row. An .xlsx
 * is unpacked by unpackXlsx, which bounds what it unpacks to; an .xls (compound file) holds
 * nothing compressed, and SheetJS reads it as it is.
 */
async function readFirstSheet(file: Buffer): Promise<{ data: DenseRows; first: number }> {
  const kind = spreadsheetKind(file);
  if (!kind) throw unsupportedMedia(NOT_A_WORKBOOK_MESSAGE);
  const parts = kind === 'xlsx' ? await unpackXlsx(file) : null;
  let workbook: XLSX.WorkBook;
  try {
    workbook = parts ? parseZip(parts, { ...readOptions }) : XLSX.read(file, { ...readOptions, type: 'buffer' });
  } catch {
    throw unsupportedMedia(NOT_A_WORKBOOK_MESSAGE);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw invalid('The spreadsheet has no sheet');
  const data = (sheet['!data'] ?? []) as DenseRows;
  return { data, first: sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0 };
}

/** The data rows of a card sheet, read one at a time so that no second copy of the sheet is made. */
export interface CardSheet {
  /** Non-blank data rows. */
  count: number;
  /** Once only: each row is let go as it is read, so the sheet's memory shrinks as the upload goes. */
  rows(): Generator<SheetRow>;
}

/**
 * The first sheet's card rows. Its first row must name the four columns (any order, any case;
 * other columns are ignored). Blank rows are skipped. Refuses (4xx) a file that is not a
 * spreadsheet (or an .xlsx package that fails unpackXlsx's checks), has no rows or more than
 * MAX_CARD_ROWS, or lacks a column.
 */
export async function readCardSheet(file: Buffer): Promise<CardSheet> {
  const { data, first } = await readFirstSheet(file);
  const header = (data[first] ?? []).map((cell) => headerKey(cell?.v));
  if (header.every((key) => key === '')) throw invalid('The spreadsheet is empty');
  const missing = cardUploadColumns.filter((column) => !header.includes(column.toLowerCase()));
  if (missing.length > 0) {
    throw invalid(`The spreadsheet must have the columns ${cardUploadColumns.join(', ')} in its first row; missing: ${missing.join(', ')}`);
  }
  const columns = cardUploadColumns.map((column) => [column, header.indexOf(column.toLowerCase())] as const);
  const valuesOf = (cells: DenseRows[number] | undefined): SheetRow['values'] | null => {
    const values = Object.fromEntries(columns.map(([column, index]) => [column, cellValue(cells?.[index])])) as SheetRow['values'];
    return Object.values(values).every((value) => value === null) ? null : values;
  };
  let count = 0;
  for (let r = first + 1; r < data.length; r += 1) if (valuesOf(data[r])) count += 1;
  if (count === 0) throw invalid('The spreadsheet has no card rows');
  if (count > MAX_CARD_ROWS) {
    throw tooLarge(
      `The spreadsheet has ${count.toLocaleString('en-US')} card rows: upload at most ${MAX_CARD_ROWS.toLocaleString('en-US')} per file`,
    );
  }
  return {
    count,
    *rows() {
      for (let r = first + 1; r < data.length; r += 1) {
        const values = valuesOf(data[r]);
        data[r] = undefined;
        if (values) yield { row: r + 1, values };
      }
    },
  };
}

function cellValue(cell: XLSX.CellObject | undefined): CellValue {
  const value = cell?.v;
  if (cell?.t === 'e') return '#ERROR';
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
