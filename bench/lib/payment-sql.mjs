// The database's own ceiling for card payments: the SQL statements of one complete payment,
// captured from the real app (in process, on the benchmark's database, its Db wrapped in a
// recorder), replayed by pgbench as a custom script with the same transactions.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import utils from 'pg/lib/utils.js';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openPostgresDb } from '../../server/src/db/postgres-db.ts';
import { cardFingerprint } from '../../server/src/cards/card-fingerprint.ts';
import { withCheckDigit } from '../../shared/src/cards/card-rules.ts';
import { envelopeKeys, seal } from '../../shared/src/crypto/envelope.ts';
import { latencySummary } from './payment-load.mjs';

const run = promisify(execFile);

/** The Db seam with every statement written to `log` while `log.on`; BEGIN and COMMIT included. */
function recordingDb(db, log) {
  const note = (sql, params = []) => log.on && log.statements.push({ sql: sql.trim(), params });
  const wrap = (inner, inTransaction) => {
    const self = {
      query: (sql, params) => (note(sql, params), inner.query(sql, params)),
      exec: (sql) => (note(sql), inner.exec(sql)),
      transaction: (fn) =>
        inTransaction
          ? fn(self)
          : inner.transaction(async (tx) => {
              note('begin');
              try {
                const result = await fn(wrap(tx, true));
                note('commit');
                return result;
              } catch (error) {
                note('rollback');
                throw error;
              }
            }),
      close: () => inner.close(),
    };
    return self;
  };
  return wrap(db, false);
}

/**
 * One payment (initialise, then process) through the real app with the server's own environment
 * `env`, from `address` (X-Forwarded-For; the server must trust 127.0.0.1) or from loopback.
 * Returns its statements and the values that are this payment's own (ids, fingerprint, address).
 */
export async function capturePayment({ env, databaseUrl, address }) {
  const config = loadConfig({ ...env, DATABASE_URL: databaseUrl, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const log = { on: false, statements: [] };
  const db = await openPostgresDb(databaseUrl);
  const app = await buildApp({ config, db: recordingDb(db, log) });
  try {
    await app.ready();
    const headers = { authorization: `Bearer ${config.publishableKey}`, ...(address ? { 'x-forwarded-for': address } : {}) };
    const pay = async (card) => {
      const init = await app.inject({
        method: 'POST',
        url: '/api/initialize-card-transaction',
        headers,
        payload: { card_number: card, currency: 'USD', reference: null },
      });
      const ids = init.json().data;
      const payload = {
        transaction_id: ids.transactionId,
        order_id: ids.orderId,
        reference: null,
        card_number: card,
        card_month: '12',
        card_year: String(new Date().getFullYear() + 2),
        cvv: '123',
        amount: 49.99,
        currency: 'USD',
        email: 'payer@example.com',
        phone: '+15550100',
        first_name: 'Pat',
        last_name: 'Payer',
        cardBrand: 'Visa',
        checkout: false,
        checkout_reference: null,
      };
      const done = await app.inject({
        method: 'POST',
        url: '/api/process-card-transaction',
        headers,
        payload: { data: seal(payload, envelopeKeys(config.cardEnvelopeKey)) },
      });
      if (done.statusCode !== 200 || done.json().message !== 'Payment successful')
        throw new Error(`capture payment answered ${done.statusCode}: ${done.body.slice(0, 200)}`);
      return ids;
    };
    // A first payment unrecorded: what a warm server reads once and keeps (the provider keys) is not a payment's work.
    await pay(withCheckDigit('490000123456788'));
    const card = withCheckDigit('490000123456789');
    log.on = true;
    const ids = await pay(card);
    log.on = false;
    const own = [ids.transactionId, ids.orderId, cardFingerprint(config.fingerprintKey, card)];
    return {
      statements: log.statements,
      isOwn: (value) => typeof value === 'string' && (own.includes(value) || (address !== undefined && value.endsWith(`:${address}`))),
    };
  } finally {
    await app.close();
    await db.close();
  }
}

/**
 * A pgbench script of those statements, run as prepared statements as the server sends them (its
 * payment path's statements are marked `prepared`, server/src/db/db.ts): every parameter stays a
 * parameter (a pgbench variable). The payment's own values (transaction and order id, card
 * fingerprint, rate-limit key, alone or as the one item of a batched statement's array) become
 * one number unique to each replayed payment, so unique keys and locks behave as with distinct
 * payments; every other value is as captured.
 * Returns the script text and the `-D` definitions it needs.
 */
export function pgbenchScript({ statements, isOwn }) {
  const defines = new Map();
  const variableFor = (value) => {
    if (isOwn(value)) return ':payment';
    // A batched statement's one-item array (the server's batches of one, as a lone payment sends them).
    if (Array.isArray(value) && value.length === 1 && isOwn(value[0])) return 'array[:payment]';
    const text = String(utils.prepareValue(value));
    if (!defines.has(text)) defines.set(text, `v${defines.size + 1}`);
    return `:${defines.get(text)}`;
  };
  const lines = [
    '-- One complete card payment as the server runs it (captured by bench/lib/payment-sql.mjs).',
    '\\set seq :seq + 1',
    '\\set payment :base + :client_id * 100000000 + :seq',
  ];
  for (const { sql, params } of statements) {
    // pgbench reads `:name` anywhere in a statement, string literals too, as a variable.
    const colon = sql.match(/(?<![:\w]):(?!:)[A-Za-z_]\w*/);
    if (colon) throw new Error(`a captured statement holds ${colon[0]}, which pgbench would read as a variable: ${sql.slice(0, 80)}`);
    const text = sql.replace(/\$(\d+)/g, (_, n) => {
      const value = params[Number(n) - 1];
      return value === null || value === undefined ? 'NULL' : variableFor(value);
    });
    if (text.includes(';')) throw new Error(`a captured statement holds a semicolon: ${text.slice(0, 80)}`);
    lines.push(`${text.replace(/\s*\n\s*/g, ' ')};`);
  }
  return { script: `${lines.join('\n')}\n`, defines: [...defines].map(([value, name]) => `${name}=${value}`) };
}

/**
 * pgbench on that script: `clients` connections for `warmup` + `seconds`, measured as the
 * server's load is (payment-load.mjs): the payments started in the first `warmup` seconds (new
 * connections, every statement parsed and planned on its first use) are not counted, so
 * payments_per_s and the latency percentiles are those of the `seconds` after. With `rate`,
 * payments start at that fixed rate (pgbench -R) and each latency counts from the payment's
 * scheduled start, as the server's half load counts them. `processed` is every payment of the
 * run, for figures per payment of counters that include the warm-up.
 */
export async function runPgbench({ databaseUrl, scriptFile, script, defines, clients, seconds, base, rate, warmup = 2 }) {
  writeFileSync(scriptFile, script);
  const logDir = mkdtempSync(join(tmpdir(), 'paydesk-pgbench-'));
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clients),
    '-j',
    String(Math.min(clients, 2)),
    '-T',
    String(seconds + warmup),
    ...(rate ? ['-R', String(rate)] : []),
    '-l',
    `--log-prefix=${join(logDir, 'payments')}`,
    '-D',
    'seq=0',
    '-D',
    `base=${base}`,
    ...defines.flatMap((d) => ['-D', d]),
    '-f',
    scriptFile,
    databaseUrl,
  ];
  try {
    const from = (Date.now() + warmup * 1000) * 1000;
    const { stdout } = await run('pgbench', args, { maxBuffer: 1 << 24, cwd: logDir });
    const number = (pattern) => Number(stdout.match(pattern)?.[1]);
    const failed = number(/number of failed transactions: (\d+)/) || 0;
    const processed = number(/number of transactions actually processed: (\d+)/);
    if (!processed || failed > 0) throw new Error(`pgbench: ${processed} processed, ${failed} failed\n${stdout}`);
    const logged = loggedPayments(logDir);
    const measured = logged.filter((p) => p.endUs - p.latencyUs >= from);
    const until = Math.max(...measured.map((p) => p.endUs));
    return {
      clients,
      seconds: Math.round((until - from) / 1e5) / 10,
      payments: measured.length,
      processed,
      payments_per_s: Math.round(measured.length / ((until - from) / 1e6)),
      ...(rate ? { rate } : {}),
      ...latencySummary(measured.map((p) => p.latencyUs / 1000)),
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * Each payment of pgbench's per-transaction logs (`client_id transaction_no time script_no
 * time_epoch time_us [schedule_lag]`): its latency and when it ended, in microseconds.
 */
const loggedPayments = (dir) =>
  readdirSync(dir).flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [, , latency, , epoch, micros] = line.split(' ');
        return { latencyUs: Number(latency), endUs: Number(epoch) * 1e6 + Number(micros) };
      }),
  );

export async function runTpcb({ databaseUrl, clients = 16, seconds = 5 }) {
  await run('pgbench', ['-i', '-s', '1', '-q', databaseUrl]);
  const { stdout } = await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), databaseUrl], { maxBuffer: 1 << 24 });
  return { clients, seconds, tps: Math.round(Number(stdout.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1])) };
}
