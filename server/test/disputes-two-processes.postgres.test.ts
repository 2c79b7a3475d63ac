import pg from 'pg';
import { DEMO_SECRET_KEY } from '../src/demo-keys';
import { DISPUTE_CARD, INQUIRY_CARD } from '../src/payments/sandbox-processor';
import { payThrough, postTo } from './process-payments';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * The sandbox issuer's job as `npm start` runs it, in two server processes on one PostgreSQL
 * database (DSP-02, DSP-04, DSP-05): both open the test cards' disputes, make the issuer's
 * decisions known and end what was not answered in time, each move once, its money posted once.
 * PostgreSQL only (`.postgres.test.ts`): embedded PGlite belongs to one process.
 */
let admin: pg.Client;
let servers: ServerProcess[] = [];
let two: TwoServers;

const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await admin.query<T>(text, params)).rows;

beforeAll(async () => {
  two = await startTwoServers('disputes', { DISPUTE_OPEN_SECONDS: '0', DISPUTE_RESPONSE_SECONDS: '4', DISPUTE_DECISION_SECONDS: '1' });
  ({ admin, servers } = two);
}, 120_000);
afterAll(() => two?.stop(), 60_000);

const submit = (server: ServerProcess, id: string, text: string) =>
  postTo(
    server,
    `/api/disputes/${id}`,
    { evidence: { uncategorized_text: text }, submit: true },
    { authorization: `Bearer ${DEMO_SECRET_KEY}` },
  );

/** Polls until `done` holds, for at most `ms`. */
async function until(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 200) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

const statusesOf = async (ids: string[]) =>
  Object.fromEntries(
    (await sql<{ id: string; status: string }>('select id, status from disputes where id = any($1::text[])', [ids])).map((r) => [
      r.id,
      r.status,
    ]),
  );

it('opens, decides and ends disputes once from both processes, posting each money move once', async () => {
  const cards = [DISPUTE_CARD, DISPUTE_CARD, DISPUTE_CARD, INQUIRY_CARD];
  const payments = await Promise.all(cards.map((card, i) => payThrough(servers[i % 2]!, card, 20 + i)));
  await until(
    async () => (await sql('select 1 from disputes where transaction_id = any($1::text[])', [payments])).length === payments.length,
  );
  const rows = await sql<{ id: string; transaction_id: string; status: string }>(
    'select id, transaction_id, status from disputes where transaction_id = any($1::text[])',
    [payments],
  );
  const idOf = (payment: string) => rows.find((row) => row.transaction_id === payment)!.id;
  const [won, lost, silent, inquiry] = payments.map(idOf) as [string, string, string, string];
  expect(await statusesOf([won, lost, silent, inquiry])).toEqual({
    [won]: 'needs_response',
    [lost]: 'needs_response',
    [silent]: 'needs_response',
    [inquiry]: 'warning_needs_response',
  });

  expect((await submit(servers[0]!, won, 'winning_evidence')).status).toBe(200);
  expect((await submit(servers[1]!, lost, 'losing_evidence')).status).toBe(200);
  // The silent dispute is lost at its due date; the inquiry becomes a dispute then, and is lost at its next one.
  await until(async () => {
    const now = await statusesOf([won, lost, silent, inquiry]);
    return now[won] === 'won' && now[lost] === 'lost' && now[silent] === 'lost' && now[inquiry] === 'lost';
  });

  const postings = await sql<{ dispute_id: string; kind: string; n: string }>(
    `select dispute_id, kind, count(*) as n from ledger_postings where dispute_id = any($1::text[]) group by 1, 2 order by 1, 2`,
    [[won, lost, silent, inquiry]],
  );
  expect(postings.every((p) => Number(p.n) === 1)).toBe(true);
  expect(postings.filter((p) => p.kind === 'dispute_funds_reinstated').map((p) => p.dispute_id)).toEqual([won]);
  expect(postings.filter((p) => p.kind === 'dispute_fee')).toHaveLength(4);
  const events = await sql<{ type: string; n: string }>(
    `select type, count(*) as n from webhook_events where object->>'id' = any($1::text[]) group by 1 order by 1`,
    [[won, lost, silent, inquiry]],
  );
  expect(Object.fromEntries(events.map((e) => [e.type, Number(e.n)]))).toEqual({
    'dispute.created': 4,
    'dispute.funds_withdrawn': 4,
    'dispute.funds_reinstated': 1,
    'dispute.closed': 4,
    // Two submissions, and the inquiry become a dispute.
    'dispute.updated': 3,
  });
  expect(await sql('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0')).toEqual([]);
  const [payment] = await sql<{ status: string }>('select status from transactions where transaction_id = $1', [payments[0]]);
  expect(payment!.status).toBe('completed');
}, 60_000);
