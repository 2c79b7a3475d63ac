import * as XLSX from '@e965/xlsx';
import { balanceCsvHeader, balanceTransactionTypeLabels, balanceTransactionTypes } from '@paydesk/shared/schemas/balance';
import { centsToNumber } from '@paydesk/shared/money';
import { movementCells } from './balance-cells';
import type { MovementRow, SummaryCents } from './balance-repository';

/** Money cells as numbers with two decimals: a spreadsheet sums them, and shows every cent. */
const MONEY_FORMAT = '#,##0.00';

/** Gives the number cells of `columns` in rows `first` to `last` the money format. */
function moneyCells(sheet: XLSX.WorkSheet, columns: readonly number[], first: number, last: number): void {
  for (let r = first; r <= last; r += 1) {
    for (const c of columns) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell?.t === 'n') cell.z = MONEY_FORMAT;
    }
  }
}

export interface SheetSummary {
  from: string;
  to: string;
  summary: SummaryCents;
}

/**
 * The `.xlsx` of Balance history (BAL-06), written with SheetJS as the card template is: a
 * Movements sheet, and before it, when the export has a date range, a Summary sheet with the
 * opening balance, each type's movements and the closing balance of that range.
 */
export function balanceWorkbook(rows: readonly MovementRow[], range: SheetSummary | undefined): Buffer {
  const workbook = XLSX.utils.book_new();
  if (range) {
    const { summary } = range;
    const money = (cents: number) => centsToNumber(cents);
    const lines: (string | number)[][] = [
      ['From', range.from],
      ['To (not included)', range.to],
      ['Opening balance', money(summary.openingCents)],
      [],
      ['Type', 'Count', 'Amount', 'Fee', 'Net'],
      ...balanceTransactionTypes.map((type) => {
        const t = summary.types[type];
        return [balanceTransactionTypeLabels[type], t.count, money(t.amountCents), money(t.feeCents), money(t.netCents)];
      }),
      [
        'All movements',
        summary.movements.count,
        money(summary.movements.amountCents),
        money(summary.movements.feeCents),
        money(summary.movements.netCents),
      ],
      [],
      ['Closing balance', money(summary.closingCents)],
    ];
    const sheet = XLSX.utils.aoa_to_sheet(lines);
    // The balances in the second column of their rows, the types' sums in the last three.
    moneyCells(sheet, [1], 2, 2);
    moneyCells(sheet, [1], lines.length - 1, lines.length - 1);
    moneyCells(sheet, [2, 3, 4], 5, lines.length - 3);
    sheet['!cols'] = [{ wch: 20 }, { wch: 26 }, { wch: 14 }, { wch: 12 }, { wch: 14 }];
    XLSX.utils.book_append_sheet(workbook, sheet, 'Summary');
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...balanceCsvHeader], ...rows.map((row) => movementCells(row, centsToNumber))]);
  moneyCells(sheet, [3, 4, 5], 1, rows.length);
  sheet['!cols'] = [
    { wch: 14 },
    { wch: 26 },
    { wch: 18 },
    { wch: 12 },
    { wch: 10 },
    { wch: 12 },
    { wch: 9 },
    { wch: 38 },
    { wch: 12 },
    { wch: 38 },
  ];
  XLSX.utils.book_append_sheet(workbook, sheet, 'Movements');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
