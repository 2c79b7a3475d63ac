import { buildTransactionsTestApp, type TransactionsTestApp } from './transactions-fixtures';

let t: TransactionsTestApp;
let total: number;
beforeAll(async () => {
  t = await buildTransactionsTestApp();
  total = (await t.db.query<{ n: number }>('select count(*)::int as n from transactions'))[0]!.n;
}, 60_000);
afterAll(() => t?.close());

interface Row {
  id: number;
  transaction_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  fee_amount: string;
  value_amount: string;
  payment_amount: string;
}
interface Page {
  data: { data: Row[]; current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number };
}
const list = (query: string, token = t.tokens.admin) => t.get<Page>(`/api/backend/all-transactions${query}`, token);

describe('all-transactions pagination', () => {
  it('pages newest first with from/to/total/last_page at the edges', async () => {
    const lastPage = Math.ceil(total / 25);
    const first = (await list('?page=1&per_page=25')).json.data;
    expect(first).toMatchObject({ current_page: 1, per_page: 25, from: 1, to: 25, total, last_page: lastPage });
    const last = (await list(`?page=${lastPage}&per_page=25`)).json.data;
    expect(last).toMatchObject({ from: (lastPage - 1) * 25 + 1, to: total, total, last_page: lastPage });
    expect(last.data).toHaveLength(total - (lastPage - 1) * 25);
    const beyond = (await list(`?page=${lastPage + 1}&per_page=25`)).json.data;
    expect(beyond).toMatchObject({ data: [], from: null, to: null, total, last_page: lastPage });
    const ids = await t.db.query<{ id: number }>('select id from transactions order by created_at desc, id desc limit 25');
    expect(first.data.map((r) => r.id)).toEqual(ids.map((r) => r.id));
  });

  it('every page, deep ones included, holds exactly the rows of the plain ordered list', async () => {
    for (const status of [null, 'failed', 'success']) {
      const filter =
        status === null ? '' : status === 'success' ? "where status in ('success', 'completed')" : `where status = '${status}'`;
      const ids = (await t.db.query<{ id: number }>(`select id from transactions ${filter} order by created_at desc, id desc`)).map(
        (r) => r.id,
      );
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(ids.length / 10); page += 1) {
        const data = (await list(`?page=${page}&per_page=10${status ? `&status=${status}` : ''}`)).json.data;
        expect(data).toMatchObject({ total: ids.length, from: (page - 1) * 10 + 1 });
        paged.push(...data.data.map((r) => r.id));
      }
      expect(paged).toEqual(ids);
    }
  });

  it('defaults to page 1 of 10 and refuses other page sizes', async () => {
    expect((await list('')).json.data).toMatchObject({ current_page: 1, per_page: 10, from: 1, to: 10 });
    for (const size of [10, 25, 50, 100]) expect((await list(`?per_page=${size}`)).json.data.data).toHaveLength(Math.min(size, total));
    expect((await list('?per_page=20')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });

  it('answers an empty result with from and to null and one last page', async () => {
    expect((await list('?search=no-such-customer-anywhere')).json.data).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 10,
      from: null,
      to: null,
      total: 0,
    });
  });
});

describe('all-transactions search and filter', () => {
  it('filters by status; Success also finds completed', async () => {
    const counts = Object.fromEntries(
      (await t.db.query<{ status: string; n: number }>('select status, count(*)::int as n from transactions group by status')).map((r) => [
        r.status,
        r.n,
      ]),
    );
    for (const status of ['failed', 'pending', 'disputed', 'refunded', 'completed']) {
      const page = (await list(`?status=${status}&per_page=100`)).json.data;
      expect(page.total).toBe(counts[status]);
      expect(new Set(page.data.map((r) => r.status))).toEqual(new Set([status]));
    }
    const success = (await list('?status=success&per_page=100')).json.data;
    expect(success.total).toBe(counts.success! + counts.completed!);
  });

  it('searches by transaction id and by name case-insensitively, combined with the status (more in transactions-search)', async () => {
    const [sample] = await t.db.query<Row>(
      "select transaction_id, first_name, last_name, email, status from transactions where status = 'failed' order by id limit 1",
    );
    const byId = (await list(`?search=${sample!.transaction_id.toLowerCase()}`)).json.data;
    expect(byId.data.map((r) => r.transaction_id)).toEqual([sample!.transaction_id]);
    const fullName = `${sample!.first_name} ${sample!.last_name}`.toLowerCase();
    const byName = (await list(`?search=${encodeURIComponent(fullName)}&status=failed&per_page=100`)).json.data;
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.data.every((r) => r.status === 'failed' && `${r.first_name} ${r.last_name}`.toLowerCase() === fullName)).toBe(true);
  });
});

describe('viewer figures', () => {
  it("a viewer's list and details carry 10 % / 90 % of gross and no real fee anywhere in the JSON", async () => {
    const real = await t.db.query<{ id: number; amount_cents: number; fee_cents: number; net_cents: number }>(
      'select id, amount_cents, fee_cents, net_cents from transactions where fee_cents > 0 order by created_at desc, id desc limit 5',
    );
    for (const row of real) {
      const details = await t.get<{ data: Row }>(`/api/backend/transaction-details/${row.id}`, t.tokens.viewer);
      const fee = Math.round(row.amount_cents / 10);
      expect(details.json.data).toMatchObject({
        fee_amount: (fee / 100).toFixed(2),
        value_amount: ((row.amount_cents - fee) / 100).toFixed(2),
      });
      expect(details.body).not.toContain(`"${(row.fee_cents / 100).toFixed(2)}"`);
      expect(details.body).not.toContain(`"${(row.net_cents / 100).toFixed(2)}"`);
      expect(details.body).not.toMatch(/fee_cents|net_cents|margin/);
      const admin = await t.get<{ data: Row }>(`/api/backend/transaction-details/${row.id}`, t.tokens.admin);
      expect(admin.json.data).toMatchObject({
        fee_amount: (row.fee_cents / 100).toFixed(2),
        value_amount: (row.net_cents / 100).toFixed(2),
      });
    }
    for (const path of ['/api/backend/all-transactions?per_page=100', '/api/backend/recent-transactions']) {
      const raw = JSON.parse((await t.get(path, t.tokens.viewer)).body) as { data: { data?: Row[] } | Row[] };
      const rows = Array.isArray(raw.data) ? raw.data : (raw.data.data ?? []);
      for (const r of rows)
        expect(Math.round(Number(r.fee_amount) * 100)).toBe(Math.round(Math.round(Number(r.payment_amount) * 100) / 10));
    }
  });
});

describe('transaction details', () => {
  it('finds by id or transaction id, with the switch and the failure reason', async () => {
    const [row] = await t.db.query<{ id: number; transaction_id: string; response_message: string; debug_message: string }>(
      "select id, transaction_id, response_message, debug_message from transactions where status = 'failed' and provider_key_id is not null order by id limit 1",
    );
    const byId = (await t.get<{ data: Record<string, unknown> }>(`/api/backend/transaction-details/${row!.id}`, t.tokens.admin)).json.data;
    const byRef = (
      await t.get<{ data: Record<string, unknown> }>(`/api/backend/transaction-details/${row!.transaction_id}`, t.tokens.admin)
    ).json.data;
    expect(byRef).toEqual(byId);
    expect(byId).toMatchObject({
      response: { message: row!.response_message },
      response_content: { debugMessage: row!.debug_message },
      currency: 'USD',
    });
    expect(byId.provider_key).toMatchObject({ provider_name: 'Sandbox Processor' });
  });

  it('answers 404 Transaction not found, and 401 without a session', async () => {
    const missing = await t.get('/api/backend/transaction-details/999999999', t.tokens.admin);
    expect([missing.statusCode, missing.json]).toEqual([404, { status: 'error', message: 'Transaction not found', code: 'not_found' }]);
    expect((await t.app.inject({ url: '/api/backend/transaction-details/1' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/backend/all-transactions' })).statusCode).toBe(401);
  });
});
