import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '@paydesk/shared/csv';
import { centsToDecimal } from '@paydesk/shared/money';
import {
  BALANCE_CSV,
  BALANCE_XLSX,
  balanceCsvHeader,
  balanceSummaryQuery,
  balanceSummaryResponse,
  balanceTransactionFilters,
  balanceTransactionListQuery,
  balanceTransactionListResponse,
  balanceTransactionTypes,
  type BalanceSummary,
  type BalanceTransactionObject,
} from '@paydesk/shared/schemas/balance';
import { apiError } from '@paydesk/shared/schemas/common';
import { requireKey } from '../api-keys/register-api-keys';
import { invalid, unprocessable } from '../errors/domain-error';
import { withExample } from '../validation/openapi-example';
import { balanceExamples as examples } from './balance-examples';
import {
  allMovements,
  balanceSummary,
  listMovements,
  movementCursor,
  type MovementFilter,
  type MovementRow,
  type SummaryCents,
  type Totals,
} from './balance-repository';
import { movementCells } from './balance-cells';

/** The most movements one `.xlsx` holds: SheetJS builds the whole workbook in memory; the CSV streams any number. */
export const MAX_XLSX_MOVEMENTS = 50_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const movementToWire = (row: MovementRow): BalanceTransactionObject => ({
  object: 'balance_transaction',
  id: row.id,
  type: row.type,
  amount: centsToDecimal(row.amount_cents),
  fee: centsToDecimal(row.fee_cents),
  net: centsToDecimal(row.net_cents),
  currency: 'USD',
  source: row.source,
  source_type: row.source_type,
  transaction_id: row.transaction_id,
  created_at: row.created_at,
});

const totalsToWire = (t: Totals) => ({
  count: t.count,
  amount: centsToDecimal(t.amountCents),
  fee: centsToDecimal(t.feeCents),
  net: centsToDecimal(t.netCents),
});

export const summaryToWire = (from: string, to: string, s: SummaryCents): BalanceSummary => ({
  object: 'balance_summary',
  currency: 'USD',
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
  opening_balance: centsToDecimal(s.openingCents),
  types: balanceTransactionTypes.map((type) => ({ type, ...totalsToWire(s.types[type]) })),
  movements: totalsToWire(s.movements),
  closing_balance: centsToDecimal(s.closingCents),
});

/** A range whose end is not after its start selects nothing and is surely a mistake: 400 (BAL-04). */
function checkRange(from: string | undefined, to: string | undefined): void {
  if (from === undefined || to === undefined) return;
  if (new Date(to).getTime() <= new Date(from).getTime()) throw invalid('The range is empty: `to` must be later than `from`');
}

export interface BalanceRoutesOptions {
  /** `merchant`: the secret key (/api/balance-transactions); `staff`: a session with balance.view (/api/backend/…), which also exports. */
  caller: 'merchant' | 'staff';
}

/**
 * The movements of the merchant's available balance and what happened to it between two instants
 * (BAL-03, BAL-04), for the merchant API and the back office, and the back office's exports
 * (BAL-06). Everything is read from the ledger (docs/decisions/balance-transactions-from-the-ledger.md).
 */
export const balanceRoutes: FastifyPluginAsyncZod<BalanceRoutesOptions> = async (app, { caller }) => {
  const merchant = caller === 'merchant';
  const tags = [merchant ? 'balance' : 'balance (back office)'];
  const security = [{ bearerAuth: [] }];
  const denied = merchant ? { 401: apiError } : { 401: apiError, 403: apiError };
  // The caller before the query: one without access gets 401/403, never a 400.
  const onRequest = merchant ? requireKey(app, 'secret') : app.authorize('balance.view');

  app.get('/balance-transactions', {
    schema: {
      tags,
      security,
      summary: merchant
        ? 'Movements of the available balance, newest first, filtered; keyset paged with `before` (secret key)'
        : 'Movements of the available balance, newest first, filtered; keyset paged with `before`',
      description:
        'Each movement is one ledger posting on the available balance: `net` is what it added (negative when it took), `fee` ' +
        'what it paid in fees, `amount` their sum. Filters: `type`, `from` (included) and `to` (not included) as ISO instants, ' +
        '`source` (the payment, refund, dispute or withdrawal it comes from) and `withdrawal` (a withdrawal’s own movements, ' +
        'by its reference or number). `limit` is at most 100; `next_before` names the next older page.',
      querystring: balanceTransactionListQuery,
      response: {
        200: withExample(balanceTransactionListResponse, examples.list),
        400: withExample(apiError, examples.badRange),
        ...denied,
      },
    },
    onRequest,
    handler: async (request) => {
      const { before, limit, ...filter } = request.query;
      checkRange(filter.from, filter.to);
      const cursor = before === undefined ? undefined : await movementCursor(app.db, Number(before.slice('txn_'.length)));
      if (before !== undefined && !cursor) throw invalid(`No balance transaction has the id ${before}`);
      // One more than the page tells whether an older page exists.
      const rows = await listMovements(app.db, filter, cursor, limit + 1);
      const page = rows.slice(0, limit);
      return {
        status: 'success' as const,
        data: page.map(movementToWire),
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  });

  app.get('/balance-transactions/summary', {
    schema: {
      tags,
      security,
      summary: 'What happened to the available balance between two instants: opening balance, movements by type, closing balance',
      description:
        '`from` and `to` are ISO instants with an offset; `from` is in the range, `to` is not, so reports of ranges that meet ' +
        'add up. The closing balance is the ledger’s balance of the available account at `to`, to the cent, and equals the ' +
        'opening balance plus the movements’ net. A range whose `to` is not after its `from` is refused (400).',
      querystring: balanceSummaryQuery,
      response: { 200: withExample(balanceSummaryResponse, examples.summary), 400: withExample(apiError, examples.badRange), ...denied },
    },
    onRequest,
    handler: async (request) => {
      const { from, to } = request.query;
      checkRange(from, to);
      return { status: 'success' as const, data: summaryToWire(from, to, await balanceSummary(app.db, from, to)) };
    },
  });

  if (merchant) return;

  app.get('/balance-transactions/export.csv', {
    schema: {
      tags,
      security,
      summary: `Every movement the filters select as CSV (${BALANCE_CSV}), newest first`,
      querystring: balanceTransactionFilters,
      response: { 400: apiError, ...denied },
    },
    onRequest,
    handler: async (request, reply) => {
      const filter: MovementFilter = request.query;
      checkRange(filter.from, filter.to);
      async function* lines() {
        yield toCsv(balanceCsvHeader, []);
        for await (const rows of allMovements(app.db, filter)) {
          yield toCsv(
            [],
            rows.map((row) => movementCells(row, centsToDecimal)),
          ).replace(/^\r\n/, '');
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${BALANCE_CSV}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });

  app.get('/balance-transactions/export.xlsx', {
    schema: {
      tags,
      security,
      summary: `Every movement the filters select as a spreadsheet (${BALANCE_XLSX}), with the range's summary when it has one`,
      description:
        `A Movements sheet, newest first, and with both \`from\` and \`to\` a Summary sheet before it. At most ` +
        `${MAX_XLSX_MOVEMENTS.toLocaleString('en-US')} movements (422 beyond: a narrower range, or the CSV, which has no limit).`,
      querystring: balanceTransactionFilters,
      response: { 400: apiError, 422: apiError, ...denied },
    },
    onRequest,
    handler: async (request, reply) => {
      const filter: MovementFilter = request.query;
      checkRange(filter.from, filter.to);
      const rows: MovementRow[] = [];
      for await (const batch of allMovements(app.db, filter)) {
        rows.push(...batch);
        if (rows.length > MAX_XLSX_MOVEMENTS) {
          throw unprocessable(
            `More than ${MAX_XLSX_MOVEMENTS.toLocaleString('en-US')} movements: export a narrower range as a spreadsheet, or this one as CSV`,
          );
        }
      }
      const { from, to } = filter;
      const range =
        from && to
          ? { from: new Date(from).toISOString(), to: new Date(to).toISOString(), summary: await balanceSummary(app.db, from, to) }
          : undefined;
      // SheetJS loads on the first spreadsheet only, as for the card template.
      const { balanceWorkbook } = await import('./balance-sheet');
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${BALANCE_XLSX}"`)
        .header('cache-control', 'no-store')
        .send(balanceWorkbook(rows, range));
    },
  });
};
