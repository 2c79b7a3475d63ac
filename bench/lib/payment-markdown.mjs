// bench/results/payment-api.md from the figures of bench/payment-api.mjs: the medians over the
// rounds, the verdicts against the targets, and the markdown.
import { cpus, loadavg } from 'node:os';
import { fmtInt, summarize } from './stats.mjs';

const pick = (list, get) => summarize(list.map(get));

/** Median (min–max) of each figure over the rounds, and whether each target is met. */
export function summarizePayments(results, targets) {
  const summary = {
    payments_per_s: pick(results.rounds, (r) => r.http.payments_per_s),
    p50_ms: pick(results.rounds, (r) => r.http.p50_ms),
    p99_ms: pick(results.rounds, (r) => r.http.p99_ms),
    database_payments_per_s: pick(results.rounds, (r) => r.database.payments_per_s),
    ratio: pick(results.rounds, (r) => r.ratio),
    server_cpu_ms_per_payment: pick(results.rounds, (r) => r.http.server_cpu_ms_per_payment),
    client_cpu_ms_per_payment: pick(results.rounds, (r) => r.http.client_cpu_ms_per_payment),
    postgres_cpu_ms_per_payment: pick(results.rounds, (r) => r.http.postgres_cpu_ms_per_payment),
    pgbench_postgres_cpu_ms_per_payment: pick(results.rounds, (r) => r.database.postgres_cpu_ms_per_payment),
    statements_per_payment: pick(results.rounds, (r) => r.http.statements_per_payment),
    pgbench_statements_per_payment: pick(results.rounds, (r) => r.database.statements_per_payment),
    half_load_postgres_cpu_ms_per_payment: pick(results.half_load, (r) => r.postgres_cpu_ms_per_payment),
    database_half_load_postgres_cpu_ms_per_payment: pick(results.database_half_load, (r) => r.postgres_cpu_ms_per_payment),
    half_load_rate: pick(results.half_load, (r) => r.rate),
    half_load_p50_ms: pick(results.half_load, (r) => r.p50_ms),
    half_load_p99_ms: pick(results.half_load, (r) => r.p99_ms),
    database_half_load_p50_ms: pick(results.database_half_load, (r) => r.p50_ms),
    database_half_load_p99_ms: pick(results.database_half_load, (r) => r.p99_ms),
    validation_requests_per_s: pick(results.validation, (r) => r.requests_per_s),
    validation_p50_ms: pick(results.validation, (r) => r.p50_ms),
    validation_p99_ms: pick(results.validation, (r) => r.p99_ms),
  };
  const verdicts = {
    payments_per_s: summary.payments_per_s.median >= targets.payments_per_s,
    ratio: summary.ratio.median >= targets.ratio,
    half_load_p99_ms: summary.half_load_p99_ms.median < targets.half_load_p99_ms,
  };
  return { summary, verdicts };
}

const spread = (s, unit = '') => `${fmtInt(s.median)}${unit} (${fmtInt(s.min)}–${fmtInt(s.max)})`;
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/** The report's lines; `run` is what the run was asked for (its options and raised limits). */
export function paymentMarkdown({ run, targets, summary, verdicts, results, statements, profile }) {
  const { history, rounds, seconds, connections, sweepSeconds, addresses, redis, rateLimits } = run;
  return [
    '## Payment API',
    '',
    `One server process (\`server/src/main.ts\`, demo mode) on a fresh PostgreSQL database holding ${fmtInt(history)} past transactions, loopback; ${rounds} rounds of ${seconds} s, ${connections} payers at once; median (min–max) over the rounds. ` +
      `Rate limits raised for the run: ${Object.entries(rateLimits)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(', ')}; ` +
      (addresses === 'per-payment'
        ? 'each payment from its own address (X-Forwarded-For, `TRUST_PROXY=127.0.0.1`); '
        : 'every call from 127.0.0.1; ') +
      `rate-limit counters in ${redis ? `Redis (\`--redis ${redis}\`)` : 'PostgreSQL (no `REDIS_URL`, the default)'}.`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (shared: other work runs beside it), Node ${process.version}. ${new Date().toISOString()}`,
    '',
    '| figure | value | target |',
    '|---|---|---|',
    `| complete payments/s (init + process), ${connections} payers back to back | ${spread(summary.payments_per_s)} | ${verdict(verdicts.payments_per_s)} >= ${fmtInt(targets.payments_per_s)} |`,
    `| payment latency p50 / p99 at that load | ${spread(summary.p50_ms, ' ms')} / ${spread(summary.p99_ms, ' ms')} | |`,
    `| database ceiling: pgbench, the same SQL, ${connections} clients | ${spread(summary.database_payments_per_s)} payments/s | |`,
    `| payments/s ÷ database ceiling (same round) | ${summary.ratio.median} (${summary.ratio.min}–${summary.ratio.max}) | ${verdict(verdicts.ratio)} >= ${targets.ratio} |`,
    `| CPU time per payment: server process / load generator | ${summary.server_cpu_ms_per_payment.median} ms / ${summary.client_cpu_ms_per_payment.median} ms | |`,
    `| PostgreSQL's CPU time per payment: under the server / under pgbench | ${summary.postgres_cpu_ms_per_payment.median} ms / ${summary.pgbench_postgres_cpu_ms_per_payment.median} ms | |`,
    `| statements per payment (pg_stat_database, about): under the server / under pgbench | ${summary.statements_per_payment.median} / ${summary.pgbench_statements_per_payment.median} | |`,
    `| half load: ${spread(summary.half_load_rate)} payments/s at a fixed rate (half the round's), p50 / p99 | ${spread(summary.half_load_p50_ms, ' ms')} / ${spread(summary.half_load_p99_ms, ' ms')} | ${verdict(verdicts.half_load_p99_ms)} p99 < ${targets.half_load_p99_ms} ms |`,
    `| the database alone at that rate: pgbench, the same SQL, ${connections} clients, p50 / p99 | ${spread(summary.database_half_load_p50_ms, ' ms')} / ${spread(summary.database_half_load_p99_ms, ' ms')} | |`,
    `| PostgreSQL's CPU time per payment at half load: under the server / under pgbench | ${summary.half_load_postgres_cpu_ms_per_payment.median} ms / ${summary.database_half_load_postgres_cpu_ms_per_payment.median} ms | |`,
    `| yardstick: pgbench's TPC-B-like script, 16 clients, 5 s | ${fmtInt(results.tpcb.tps)} tps (reference: about 3,200 on a machine of this kind) | |`,
    `| checkout validation, requests/s, ${connections} clients | ${spread(summary.validation_requests_per_s)} | |`,
    `| checkout validation p50 / p99 | ${spread(summary.validation_p50_ms, ' ms')} / ${spread(summary.validation_p99_ms, ' ms')} | |`,
    '',
    ...(results.sweep.length > 0
      ? [
          `By payers at once (one run of ${sweepSeconds} s each after the rounds, pgbench with as many clients right before it): the rounds above use ${connections}, about where pgbench's replay, the database's ceiling, peaks.`,
          '',
          '| payers / pgbench clients | payments/s | p50 / p99 | pgbench, the same SQL | ratio |',
          '|---:|---:|---|---:|---:|',
          ...results.sweep.map(
            (r) =>
              `| ${r.payers} | ${fmtInt(r.payments_per_s)} | ${r.p50_ms} / ${r.p99_ms} ms | ${fmtInt(r.database_payments_per_s)} | ${r.ratio} |`,
          ),
          '',
        ]
      : []),
    `What the database sessions did (pg_stat_activity every 20 ms, average number of sessions), last round:`,
    '',
    '| under pgbench | sessions | under the server | sessions |',
    '|---|---:|---|---:|',
    ...results.rounds.at(-1).database.waits.map((w, i) => {
      const h = results.rounds.at(-1).http.waits[i];
      return `| ${w.what} | ${w.sessions} | ${h?.what ?? ''} | ${h?.sessions ?? ''} |`;
    }),
    '',
    `The SQL of one payment (${statements.length} statements, replayed by pgbench as prepared statements, as the server sends them):`,
    '',
    ...statements.map((s) => `- \`${s.length > 110 ? `${s.slice(0, 107)}...` : s}\``),
    '',
    ...(profile
      ? ['Server CPU profile during the runs, self time by package:', '', ...profile.map((p) => `- ${p.share}% ${p.name}`), '']
      : []),
  ];
}
