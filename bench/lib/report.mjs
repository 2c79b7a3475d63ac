// bench/report.md and report.json from the figures of one `npm run bench` (run-all.mjs).
import { fmtInt } from './stats.mjs';
import { growth } from './growth.mjs';
import { payerTargetRows, verdict } from './payer-targets.mjs';

const TRANSACTIONS_TARGET_MS = 50;
const withoutTitle = (markdown) => markdown.replace(/^#+ .*\n+/, '').trim();
const spread = (s, f = (v) => fmtInt(Math.round(v))) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;

/** The transactions runs flattened: one entry per database and size. */
function transactionRuns(steps) {
  return steps
    .filter((s) => s.kind === 'transactions' && s.data)
    .flatMap((s) =>
      Object.entries(s.data.databases).map(([kind, r]) => ({
        kind,
        size: r.transactions,
        database: r.database,
        seeding: r.seeding,
        calls: r.calls,
      })),
    );
}

function growthSection(runs) {
  const lines = [
    '## Cost growth',
    '',
    'Server time (median of the timed rounds, in-process `app.inject`) of each transactions call at each size, the ratio per 10x more rows between neighbouring sizes, ' +
      'and the growth exponent k (time ∝ rows^k from the smallest to the largest size). The verdict takes the steepest 10x step: up to ×1.25 flat, up to ×2 logarithmic, ×5 and more linear. ' +
      'The middle and last pages are deeper in a bigger table (page N/2 and N of 100 rows), so they measure depth as well as size; ' +
      'the common e-mail fragment matches more rows in a bigger table. The sizes run minutes apart on a shared machine: a change common to every call ' +
      '(the dashboard totals read small rollups, whose work does not grow with the table) is the machine, not the table.',
    '',
  ];
  const summary = [];
  for (const kind of [...new Set(runs.map((r) => r.kind))]) {
    const mine = runs.filter((r) => r.kind === kind);
    if (mine.length < 2) continue;
    const g = growth(mine);
    lines.push(
      `### ${mine[0].database.replace(/ \(.*/, '')}: ${g.sizes.map(fmtInt).join(', ')} transactions`,
      '',
      `| call | ${g.sizes.map((s) => `${fmtInt(s)} ms`).join(' | ')} | per 10x | k | verdict |`,
      `|---|${g.sizes.map(() => '---:').join('|')}|---|---:|---|`,
      ...g.calls.map(
        (c) =>
          `| ${c.name} | ${c.medians.map((m) => m.toFixed(2)).join(' | ')} | ${c.per_tenfold.map((r) => `×${r.toFixed(2)}`).join(', ')} | ${c.k.toFixed(2)} | ${c.verdict} |`,
      ),
      '',
    );
    summary.push({ kind, ...g });
  }
  if (summary.length === 0) lines.push('Not enough sizes measured.', '');
  return { lines, summary };
}

function transactionsSection(runs) {
  const lines = ['## Transactions API at scale', ''];
  for (const kind of [...new Set(runs.map((r) => r.kind))]) {
    const largest = runs.filter((r) => r.kind === kind).sort((a, b) => b.size - a.size)[0];
    lines.push(
      `### ${largest.database.replace(/ \(.*/, '')}: ${fmtInt(largest.size)} transactions`,
      '',
      `Seeding ${largest.seeding.total_s} s. Server time in process (routing, auth, validation, SQL, serialisation; no network); median, p95 and (min–max) of the timed rounds.`,
      '',
      '| call | median ms | p95 ms | min–max ms | returned |',
      '|---|---:|---:|---:|---|',
      ...largest.calls.map(
        (c) =>
          `| ${c.name} | ${c.median_ms.toFixed(1)} | ${c.p95_ms.toFixed(1)} | ${c.min_ms.toFixed(1)}–${c.max_ms.toFixed(1)} | ${c.result} |`,
      ),
      '',
    );
  }
  return lines;
}

/** PERF-03 sets no number for the back office: its times are reported, and whether at full size. */
function backOfficeRow(step) {
  const head = ['Back office', 'time to a usable Transaction Monitoring page and Dashboard at 1,000,000 transactions'];
  if (!step?.data) return [...head, step?.error ? 'failed (see Back office)' : 'not measured in this run', '—'];
  const { pages, runs, transactions } = step.data;
  const times = Object.entries(pages)
    .map(([name, p]) => `${name.replace(/ \/.*/, '')} ${(p.usableMs.median / 1000).toFixed(1)} s`)
    .join(', ');
  const against = step.data.against
    ? `; now ÷ ${step.data.against} per run, usable: ${Object.entries(pages)
        .map(([name, p]) => `${name.replace(/ \/.*/, '')} ×${p.ratio.usableMs.median.toFixed(2)}`)
        .join(', ')}`
    : '';
  return [
    ...head,
    `${times} after the sign-in submit (median of ${runs}, ${fmtInt(transactions)} transactions)${against}`,
    transactions >= 1_000_000 ? 'measured' : 'measured, smaller size',
  ];
}

/** The target table: one row per target, measured or not. */
function targetRows(steps, runs, growthSummary) {
  const rows = payerTargetRows(steps);
  rows.push(backOfficeRow(steps.find((s) => s.kind === 'back-office')));
  const pg = runs.filter((r) => r.kind === 'postgres').sort((a, b) => b.size - a.size)[0];
  if (pg) {
    const worst = [...pg.calls].sort((a, b) => b.p95_ms - a.p95_ms)[0];
    rows.push([
      `Transactions API, PostgreSQL, ${fmtInt(pg.size)} rows`,
      `every call p95 < ${TRANSACTIONS_TARGET_MS} ms`,
      `worst p95 ${worst.p95_ms.toFixed(1)} ms (${worst.name})`,
      verdict(worst.p95_ms < TRANSACTIONS_TARGET_MS),
    ]);
  }
  for (const g of growthSummary) {
    const steep = g.calls.filter((c) => c.verdict !== 'flat' && c.verdict !== 'logarithmic');
    rows.push([
      `Cost growth, ${g.kind}, ${g.sizes.map(fmtInt).join(' → ')}`,
      'flat or logarithmic (at most ×2 per 10x), never linear',
      steep.length
        ? steep.map((c) => `${c.verdict}: ${c.name} (×${Math.max(...c.per_tenfold).toFixed(1)} per 10x)`).join(', ')
        : `steepest ×${Math.max(...g.calls.flatMap((c) => c.per_tenfold)).toFixed(2)} per 10x`,
      verdict(steep.length === 0),
    ]);
  }
  rows.push(...balanceRows(steps));
  const cards = steps.find((s) => s.kind === 'cards')?.data;
  for (const [kind, r] of Object.entries(cards?.results ?? {})) {
    const measured = `${r.seconds.median.toFixed(1)} s, ${r.peakMb.max} MB peak`;
    // With PGlite the database runs inside the server process, so its peak is the database's too.
    if (kind === 'pglite') {
      rows.push([
        `Card upload, embedded PGlite, ${fmtInt(cards.rows)} rows`,
        'the same, for information: the database is in the server process',
        `${measured} (${r.rssBeforeMb.median} MB before the upload, most of it the database)`,
        '—',
      ]);
      continue;
    }
    rows.push([
      `Card upload, ${kind}, ${fmtInt(cards.rows)} rows`,
      'under 15 s and 300 MB peak',
      measured,
      verdict(r.seconds.median < 15 && r.peakMb.max < 300),
    ]);
  }
  const pay = steps.find((s) => s.kind === 'payments')?.data;
  if (pay) {
    const { summary: s, targets: t, verdicts: v } = pay;
    const yardstick = pay.tpcb
      ? ` (this machine then: pgbench TPC-B ${fmtInt(pay.tpcb.tps)} tps, against about 3,200 on the reference machine)`
      : '';
    const payers = pay.connections ? ` with ${pay.connections} payers at once` : '';
    const bySweep = pay.sweep?.length ? `; by payers at once: ${pay.sweep.map((r) => `${r.payers} → ${r.ratio}`).join(', ')}` : '';
    rows.push([
      'Payment API',
      `>= ${fmtInt(t.payments_per_s)} complete payments/s`,
      `${spread(s.payments_per_s)} payments/s${payers}${yardstick}`,
      verdict(v.payments_per_s),
    ]);
    rows.push([
      'Payment API',
      `>= ${t.ratio} of the database's ceiling (pgbench, same SQL)`,
      `${s.ratio.median} (${s.ratio.min}–${s.ratio.max}) of ${fmtInt(s.database_payments_per_s.median)}/s${bySweep}`,
      verdict(v.ratio),
    ]);
    rows.push([
      'Payment API',
      `p99 < ${t.half_load_p99_ms} ms at half load`,
      `${spread(s.half_load_p99_ms, (x) => x.toFixed(0))} ms at ${fmtInt(s.half_load_rate.median ?? s.half_load_rate)}/s`,
      verdict(v.half_load_p99_ms),
    ]);
  }
  const hooks = steps.find((s) => s.kind === 'webhooks')?.data;
  if (hooks) {
    const { summary: s, targets: t, verdicts: v } = hooks;
    rows.push(['Webhooks', `payments/s with an endpoint subscribed >= ${t.ratio} of without`, String(s.ratio), verdict(v.ratio)]);
    rows.push([
      'Webhooks',
      `commit to delivery p99 < ${fmtInt(t.commit_to_delivery_p99_ms)} ms at half load, none lost`,
      `${s.commit_to_delivery_p99_ms} ms, ${s.not_arrived} not arrived`,
      verdict(v.commit_to_delivery_p99_ms),
    ]);
  }
  return rows;
}

/** BAL-09 and DSP-18: the balance report and movements list, and the dispute list, each beside the transaction list of its run. */
function balanceRows(steps) {
  const rows = [];
  const balance = steps.find((s) => s.kind === 'balance')?.data?.verdicts;
  if (balance) {
    rows.push([
      `Balance report, PostgreSQL, a year of ${fmtInt(balance.size)} movements`,
      'p95 < 1 s, at most ×2 per 10x more movements',
      `worst p95 ${balance.report_p95_ms} ms${balance.report_growth_per_tenfold === undefined ? '' : `, ×${balance.report_growth_per_tenfold} per 10x`}`,
      verdict(balance.report_under_target && balance.report_growth_at_most_logarithmic !== false),
    ]);
    rows.push([
      'Movements list, same database',
      "p95 within the transaction list's (same run)",
      `worst p95 ${balance.list_p95_ms} ms against ${balance.transaction_list_p95_ms} ms`,
      verdict(balance.list_p95_ms <= balance.transaction_list_p95_ms),
    ]);
  }
  const disputes = steps.find((s) => s.kind === 'disputes')?.data;
  if (disputes) {
    const v = disputes.verdicts;
    rows.push([
      `Dispute list, PostgreSQL, ${fmtInt(disputes.run.transactions)} transactions and ${fmtInt(disputes.run.disputes)} disputes`,
      "p95 within the transaction list's (same run)",
      `worst p95 ${v.dispute_list_p95_ms} ms against ${v.transaction_list_p95_ms} ms`,
      verdict(v.within_transaction_list),
    ]);
  }
  return rows;
}

export function renderReport({ quick, only, steps, machine, totalSeconds, command, measured_at: measuredAt = new Date().toISOString() }) {
  const runs = transactionRuns(steps);
  const { lines: growthLines, summary: growthSummary } = growthSection(runs);
  const section = (kind, title) => {
    const step = steps.find((s) => s.kind === kind);
    if (!step) return [];
    return [`## ${title}`, '', step.error ? `Failed: ${step.error}` : withoutTitle(step.markdown), ''];
  };
  const load = (l) => l.map((x) => x.toFixed(1)).join(' ');
  const lines = [
    '# Paydesk benchmarks',
    '',
    `\`${command}\` on ${measuredAt.slice(0, 16).replace('T', ' ')} UTC, ${totalSeconds} s${only ? ` for ${only.join(', ')}, the other figures from their last run (times under Runs)` : ' in all'}${quick ? ' (quick: smaller sizes, one run each; the full run is `npm run bench`)' : ''}. ` +
      `Machine: ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GiB, Node ${machine.node}; load average ${load(machine.loadavg_before)} before and ${load(machine.loadavg_after)} after. ` +
      'The machine is shared with other work, so absolute figures are noisy: each is a median with its (min–max), and comparisons are ratios of things measured side by side in the same run.',
    '',
    '## Targets',
    '',
    '| what | target | measured | |',
    '|---|---|---|---|',
    ...targetRows(steps, runs, growthSummary).map((r) => `| ${r.join(' | ')} |`),
    '',
    // The payer step's own markdown carries its Federation overhead subsection.
    ...section('payer', 'Payer pages'),
    ...section('lighthouse', 'Lighthouse'),
    ...section('releases', 'Release lookup'),
    ...section('payments', 'Payment API'),
    ...section('webhooks', 'Webhooks under payment load'),
    ...section('back-office', 'Back office'),
    ...(runs.length ? transactionsSection(runs) : section('transactions', 'Transactions API at scale')),
    ...growthLines,
    ...section('cards', 'Card upload'),
    ...section('balance', 'Balance history'),
    ...section('disputes', 'Dispute list'),
    '## Runs',
    '',
    '| benchmark | command | measured | seconds | |',
    '|---|---|---|---:|---|',
    ...steps.map(
      (s) =>
        `| ${s.name} | \`node ${s.args.join(' ')}\` | ${(s.measured_at ?? measuredAt).slice(11, 16)} UTC | ${s.seconds} | ${s.error ? 'FAILED' : 'ok'} |`,
    ),
    '',
  ];
  const json = {
    command,
    quick,
    only,
    measured_at: measuredAt,
    total_seconds: totalSeconds,
    machine,
    steps: steps.map((s) => ({
      name: s.name,
      kind: s.kind,
      args: s.args,
      measured_at: s.measured_at,
      seconds: s.seconds,
      error: s.error,
      results: s.data,
      markdown: s.markdown,
    })),
    cost_growth: growthSummary,
    not_measured: [],
  };
  return { markdown: lines.join('\n'), json };
}
