import * as XLSX from '@e965/xlsx';
import { cardUploadColumns } from '@paydesk/shared/cards/card-upload';

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
