import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { withCheckDigit } from '@paydesk/shared/cards/card-rules';
import { cardUploadColumns, type CardUploadResult, type PoolCard } from '@paydesk/shared/schemas/card';
import { bearer } from './helper';

/** A Luhn-valid card number: the prefix, random digits, then the check digit. */
export function cardNumber(prefix = '4', length = 16): string {
  let body = prefix;
  while (body.length < length - 1) body += String(Math.floor(Math.random() * 10));
  return withCheckDigit(body);
}

export const futureYear = () => new Date().getFullYear() + 2;

/** A row as a spreadsheet holds it; numbers stay text unless a test says otherwise. */
export const cardRow = (number: string, cvv = '123', month: unknown = '12', year: unknown = String(futureYear())): unknown[] => [
  number,
  cvv,
  month,
  year,
];

/** A real workbook file of the given kind, the header row first unless `header` replaces it. */
export function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx', header: unknown[] = [...cardUploadColumns]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Cards');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/** The multipart body a browser sends, built by the platform's own FormData. */
export async function multipartBody(file: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)]), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** The Card Management calls of one signed-in user. */
export function cardsApi(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  const upload = async (file: Buffer, filename = 'cards.xlsx') => {
    const { payload, contentType } = await multipartBody(file, filename);
    const response = await app.inject({
      method: 'POST',
      url: '/api/backend/cards/upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    return { statusCode: response.statusCode, body: response.json() as { status: string; message: string; data?: CardUploadResult } };
  };
  const list = async (query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await app.inject({ method: 'GET', url: `/api/backend/cards?${search}`, headers });
    return { statusCode: response.statusCode, body: response.json() as { data: PoolCard[]; total: number; message?: string } };
  };
  /** The list by a request body: the way a search by card number travels. */
  const search = async (body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/backend/cards/search', headers, payload: body });
    return {
      statusCode: response.statusCode,
      body: response.json() as { data: PoolCard[]; total: number; page: number; per_page: number; message?: string },
    };
  };
  const setStatus = (id: number, status: string) =>
    app.inject({ method: 'POST', url: `/api/backend/cards/${id}/status`, headers, payload: { status } });
  return { upload, list, search, setStatus };
}

/** Every number manyCardRows has handed out in this test file: a later call never repeats one. */
const issued = new Set<string>();

/** `count` valid card rows never handed out before in this test file, as an issuer's export would hold them. */
export function manyCardRows(count: number): unknown[][] {
  const prefixes = ['4', '51', '52', '2221', '6011'];
  const numbers: string[] = [];
  while (numbers.length < count) {
    const number = cardNumber(prefixes[numbers.length % prefixes.length]);
    if (issued.has(number)) continue;
    issued.add(number);
    numbers.push(number);
  }
  return numbers.map((number) => cardRow(number));
}
