import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { login, type TestApp } from './helper';
import { disputedPayment, disputesApi, disputesTestApp, INQUIRY_CARD, type DisputesApi } from './disputes-fixtures';

/**
 * The dispute lists (DSP-08, DSP-18): the merchant API's and the back office's, their filters,
 * paging and totals. One app for the file; each test makes its own disputes.
 */
let t: TestApp;
let api: DisputesApi;
beforeAll(async () => {
  ({ t, api } = await disputesTestApp());
}, 60_000);
afterAll(() => t?.close());

describe('the lists (DSP-08)', () => {
  it('lists disputes newest first, filtered by status, payment and time, paged; staff read the same', async () => {
    // An older one, so that the first page of two is not all there is.
    await disputedPayment(t, 30);
    const first = await disputedPayment(t, 31);
    const second = await disputedPayment(t, 32, INQUIRY_CARD);
    const page = (await api.list('?limit=2')).json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
    expect(page.data.map((d: DisputeObject) => d.id)).toEqual([second.disputeId, first.disputeId]);
    expect(page.total).toBeGreaterThan(2);
    const byPayment = (await api.list(`?transaction_id=${first.transactionId}`)).json().data;
    expect(byPayment.data.map((d: DisputeObject) => d.id)).toEqual([first.disputeId]);
    const inquiries = (await api.list('?status=warning_needs_response&limit=100')).json().data.data as DisputeObject[];
    expect(inquiries.every((d) => d.status === 'warning_needs_response')).toBe(true);
    expect(inquiries.map((d) => d.id)).toContain(second.disputeId);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api.list(`?from=${today}&to=${today}&limit=100`)).json().data.total).toBe(page.total);
    expect((await api.list('?to=2000-01-01')).json().data.total).toBe(0);
    expect((await api.list('?status=open')).statusCode).toBe(400);

    const viewer = disputesApi(t.app, await login(t.app, 'viewer@paydesk.test'), '/api/backend');
    expect((await viewer.get(first.disputeId)).json().data).toEqual((await api.get(first.disputeId)).json().data);
    expect((await viewer.list('?limit=2')).json().data.data.map((d: DisputeObject) => d.id)).toEqual([second.disputeId, first.disputeId]);
    expect((await viewer.close(first.disputeId)).statusCode).toBe(403);
  });

  it('totals every filter as the table counts it, over days cut by the range or not, after changes of status (DSP-18)', async () => {
    const [a, b, c] = [await disputedPayment(t, 41), await disputedPayment(t, 42), await disputedPayment(t, 43)];
    // Opened on other days: two days back an hour before midnight, and yesterday half an hour after; the rollup follows.
    await t.db.query(
      `update disputes set created_at = (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') + make_interval(mins => m)
         from unnest($1::text[], $2::int[]) as x(id, m) where disputes.id = x.id`,
      [
        [a.disputeId, b.disputeId],
        [-24 * 60 - 60, -24 * 60 + 30],
      ],
    );
    await api.close(c.disputeId);
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const cases: [status: string | undefined, from: string | undefined, to: string | undefined][] = [
      [undefined, undefined, undefined],
      ['needs_response', undefined, undefined],
      ['lost', undefined, undefined],
      [undefined, day(2), undefined],
      [undefined, undefined, day(1)],
      [undefined, day(2), day(1)],
      ['needs_response', day(3), day(0)],
      [undefined, `${day(2)}T22:30:00Z`, `${day(1)}T00:45:00Z`],
      [undefined, `${day(1)}T00:10:00Z`, undefined],
      ['needs_response', undefined, `${day(1)}T12:00:00+02:00`],
    ];
    for (const [status, from, to] of cases) {
      const query = new URLSearchParams({ ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const inclusiveTo = to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to;
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from disputes where ($1::text is null or status = $1)
            and ($2::timestamptz is null or created_at >= $2) and ($3::timestamptz is null or created_at <= $3)`,
        [status ?? null, from ?? null, inclusiveTo ?? null],
      );
      expect([query.toString(), (await api.list(`?${query}`)).json().data.total]).toEqual([query.toString(), row!.n]);
    }
  });

  it('pages deep down through the days the daily counts find, as the table orders them (DSP-18)', async () => {
    // 150 closed disputes of one payment over the last 30 days: the unique index holds open ones only.
    const { transactionId } = await disputedPayment(t, 44);
    await t.db.query(
      `insert into disputes (id, transaction_id, amount_cents, fee_cents, reason, status, due_by, payment_status, opened_via, created_at, updated_at, closed_at)
       select 'dp_deep' || lpad(n::text, 12, '0'), $1, 100, 1500, 'general', 'lost', now(), 'completed', 'sandbox',
              now() - make_interval(hours => n * 5), now(), now()
         from generate_series(1, 150) n`,
      [transactionId],
    );
    for (const [status, page] of [
      [undefined, 5],
      [undefined, 7],
      ['lost', 5],
      ['lost', 6],
    ] as const) {
      const ids = await t.db.query<{ id: string }>(
        `select id from disputes where ($1::text is null or status = $1) order by created_at desc, id desc limit 25 offset $2`,
        [status ?? null, (page - 1) * 25],
      );
      const listed = (await api.list(`?limit=25&page=${page}${status ? `&status=${status}` : ''}`)).json().data.data as DisputeObject[];
      expect([status, page, listed.map((d) => d.id)]).toEqual([status, page, ids.map((row) => row.id)]);
    }
  });
});
