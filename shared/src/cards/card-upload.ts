/**
 * The card upload's rules (VAL-12, CARD-09), free of zod so that the server's upload worker stays
 * small. The wire schemas in schemas/card.ts use the same constants.
 */
export const cardUploadColumns = ['Card Number', 'CVV', 'Expiry Month', 'Expiry Year'] as const;

/** VAL-12: the file name must end in .xlsx or .xls. */
export const isExcelFileName = (name: string): boolean => /\.(xlsx|xls)$/i.test(name);
export const INVALID_FILE_MESSAGE = 'Please upload an Excel file (.xlsx or .xls)';
/** The server's refusal of a file named .xlsx or .xls whose contents are not a workbook (shown under `Upload Failed`). */
export const NOT_A_WORKBOOK_MESSAGE = 'This file is not an Excel workbook: its contents are not .xlsx or .xls, whatever its name says';

/** At most this many refused rows are listed in an answer; `rejected_count` counts them all. */
export const MAX_LISTED_REJECTIONS = 100;
/** Rows one upload takes; a larger pool goes up in several files. */
export const MAX_CARD_ROWS = 100_000;
