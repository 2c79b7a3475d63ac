import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { openPostgresDb } from '../../server/src/db/postgres-db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { secretBox } from '../../server/src/security/secret-box.ts';
import { startWebhookWorker } from '../../server/src/webhooks/delivery-worker.ts';
import { freshDatabase } from '../lib/databases.mjs';

const N = Number(process.argv[2] ?? 10000);
const database = await freshDatabase('postgres');
const db = await openPostgresDb(database.url!);
await migrate(db);
let received = 0;
const server = createServer((req, res) => { req.resume(); req.on('end', () => { received += 1; res.end('ok'); }); });
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/h`;
const key = randomBytes(32).toString('hex');
const box = secretBox(key);
await db.query(`insert into webhook_endpoints (id, url, event_types, secret_sealed) values ('we_drain000000000000', $1, '{payment.succeeded}', $2)`, [url, box.seal('whsec_x', 'we_drain000000000000')]);
const object = JSON.stringify({ id: 'PDX', object: 'payment', amount: '49.99', currency: 'USD', status: 'success', fee: '1.75', net: '48.24', card: { brand: 'Visa', last4: '4242' }, refunds: [], created: 1, updated: 1 });
const config = { mode: 'demo', webhookAllowedHosts: [], webhookSecretsKey: key, webhookTimeoutMs: 10000, webhookRetryScheduleMs: [60000], webhookPollMs: 200 } as never;
const worker = startWebhookWorker(db, config, pino({ level: 'warn' }));
for (let round = 0; round < 3; round += 1) {
  received = 0;
  await db.query(`insert into webhook_events (id, type, object) select 'evt_drain' || $3 || lpad(n::text, 12, '0'), 'payment.succeeded', $2::jsonb from generate_series(1, $1) n`, [N, object, round]);
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  while (received < N) await new Promise((r) => setTimeout(r, 20));
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  console.log(`${N} delivered in ${Math.round(ms)} ms: ${Math.round(N / (ms / 1000))}/s; CPU of this process ${Math.round((cpu.user + cpu.system) / 1000 / N * 1000) / 1000} ms per delivery`);
  const [stats] = await db.query(`select n_live_tup, n_dead_tup from pg_stat_user_tables where relname = 'webhook_deliveries'`);
  console.log(JSON.stringify(stats));
}
await worker.stop();
await db.close();
server.close();
await database.drop();
