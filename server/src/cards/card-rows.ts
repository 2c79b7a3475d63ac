import { brandLabel, detectBrand, isValidCardNumber, isValidCvv, isValidExpiry } from '@paydesk/shared/cards/card-rules';
import type { RejectedRow } from '@paydesk/shared/schemas/card';
import type { CellValue, SheetRow } from './card-sheet';

/** A row that passed the shared card rules (VAL-04 to VAL-07), ready to seal and store. */
export interface CardRow {
  row: number;
  cardNumber: string;
  cvv: string;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
}

type Checked = { card: CardRow } | { rejected: RejectedRow };

/** Excel keeps 15 significant digits: a longer number typed into a number cell has lost digits. */
const EXCEL_DIGITS = 15;

function digitsOf(value: CellValue, column: string): string | { reason: string } {
  if (value === null) return { reason: `${column} is empty` };
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return { reason: `${column} is not a whole number` };
    return String(value);
  }
  const text = String(value).replace(/[\s-]/g, '');
  return /^\d+$/.test(text) ? text : { reason: `${column} must contain digits only` };
}

function cardNumberOf(value: CellValue): string | { reason: string } {
  if (typeof value === 'number' && String(value).length > EXCEL_DIGITS) {
    return { reason: 'Card Number is a number cell and has lost digits: store card numbers as text' };
  }
  const digits = digitsOf(value, 'Card Number');
  if (typeof digits !== 'string') return digits;
  return isValidCardNumber(digits) ? digits : { reason: 'Card Number is not a valid card number (13 to 19 digits, Luhn check)' };
}

function monthOf(value: CellValue): number | null {
  const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const month = Number(text);
  return month >= 1 && month <= 12 ? month : null;
}

/** Four digits, or two meaning 2000 + YY (CONST-01). */
function yearOf(value: CellValue): number | null {
  const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  if (/^\d{2}$/.test(text)) return 2000 + Number(text);
  if (/^20\d{2}$/.test(text)) return Number(text);
  return null;
}

/** One sheet row through the shared card rules: the card, or the reason it is refused. */
export function checkCardRow({ row, values }: SheetRow, now: Date): Checked {
  const reject = (reason: string): Checked => ({ rejected: { row, reason } });
  const cardNumber = cardNumberOf(values['Card Number']);
  if (typeof cardNumber !== 'string') return reject(cardNumber.reason);
  const brand = detectBrand(cardNumber);
  const cvv = digitsOf(values.CVV, 'CVV');
  if (typeof cvv !== 'string') return reject(cvv.reason);
  if (!isValidCvv(cvv, brand)) return reject(brand === 'amex' ? 'CVV must be 4 digits for American Express' : 'CVV must be 3 digits');
  const expiryMonth = monthOf(values['Expiry Month']);
  if (expiryMonth === null) return reject('Expiry Month must be a number from 1 to 12');
  const expiryYear = yearOf(values['Expiry Year']);
  if (expiryYear === null) return reject('Expiry Year must be four digits (or two, meaning 20YY)');
  const mmYy = `${String(expiryMonth).padStart(2, '0')}/${String(expiryYear % 100).padStart(2, '0')}`;
  if (!isValidExpiry(mmYy, now)) return reject('The card has expired');
  return { card: { row, cardNumber, cvv, brand: brandLabel(brand), expiryMonth, expiryYear } };
}
