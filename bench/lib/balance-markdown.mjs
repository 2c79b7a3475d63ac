// bench/results/balance-history.md from the figures of bench/balance-history.mjs: the verdicts
// against the targets (BAL-09), and the markdown.
import { growth } from './growth.mjs';
import { markdownTable } from './inject-timing.mjs';
import { fmtInt } from './stats.mjs';

/** The largest run against the targets: the report under `reportTargetMs` and at most ×2 per 10x; the list beside the transaction list. */
export function verdicts(runs, reportTargetMs) {
  const largest = runs.at(-1);
  const report = largest.calls.filter((c) => c.kind === 'report');
  const lists = largest.calls.filter((c) => c.kind === 'list');
  const baseline = Math.max(...largest.calls.filter((c) => c.kind === 'baseline').map((c) => c.p95_ms));
  const g = runs.length > 1 ? growth(runs.map((r) => ({ size: r.size, calls: r.calls }))) : undefined;
  const reportGrowth = g ? Math.max(...g.calls.filter((c) => c.name.startsWith('summary')).flatMap((c) => c.per_tenfold)) : undefined;
  return {
    size: largest.size,
    report_p95_ms: Math.max(...report.map((c) => c.p95_ms)),
    report_under_target: report.every((c) => c.p95_ms < reportTargetMs),
    report_growth_per_tenfold: reportGrowth,
    report_growth_at_most_logarithmic: reportGrowth === undefined ? undefined : reportGrowth <= 2,
    list_p95_ms: Math.max(...lists.map((c) => c.p95_ms)),
    transaction_list_p95_ms: baseline,
    growth: g,
  };
}

/** The head of a run's table of calls, in the console and in the markdown. */
export const callsHead = ['call', 'median ms', 'p95 ms', 'min–max ms', 'returned'];

/** A run's calls as rows of that table. */
export const callRows = (calls) =>
  calls.map((c) => [c.name, c.median_ms.toFixed(1), c.p95_ms.toFixed(1), `${c.min_ms.toFixed(1)}–${c.max_ms.toFixed(1)}`, c.result]);

/** The markdown of a report written by bench/balance-history.mjs (its JSON, verdicts and runs). */
export function balanceMarkdown(report) {
  const { verdicts: v, runs } = report;
  const sections = runs.map((r) =>
    [
      `### ${fmtInt(r.movements)} movements (${r.database})`,
      '',
      r.seeding.history_s === undefined
        ? `History of an earlier run's schema; ${fmtInt(r.rollup_rows)} rollup rows, a tail of ${fmtInt(r.tail)} not rolled up.`
        : `History written in ${r.seeding.history_s} s, rolled up in ${r.seeding.rollups_s} s into ${fmtInt(r.rollup_rows)} rows; a tail of ${fmtInt(r.tail)} not rolled up.`,
      '',
      markdownTable(callRows(r.calls), callsHead),
    ].join('\n'),
  );
  const growthRows = v.growth
    ? v.growth.calls.map((c) => [c.name, ...c.medians.map((m) => m.toFixed(1)), c.per_tenfold.map((x) => `×${x}`).join(', '), c.verdict])
    : [];
  const md = [
    '## Balance history at scale',
    '',
    `Measured by \`npm run bench:balance\` (${report.method}; ${report.machine.cpus} CPUs, Node ${report.machine.node}). Targets: ${report.targets}.`,
    '',
    `Largest run, ${fmtInt(v.size)} movements: the report's worst p95 ${v.report_p95_ms} ms (${v.report_under_target ? 'PASS' : 'FAIL'}); the list's worst p95 ${v.list_p95_ms} ms against the transaction list's ${v.transaction_list_p95_ms} ms (${v.list_p95_ms <= v.transaction_list_p95_ms ? 'PASS' : 'over'})${v.report_growth_per_tenfold === undefined ? '' : `; the report's steepest growth ×${v.report_growth_per_tenfold} per 10x (${v.report_growth_at_most_logarithmic ? 'PASS' : 'FAIL'})`}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
    ...(v.growth
      ? [
          '### Growth with the movements (medians, ms)',
          '',
          markdownTable(growthRows, ['call', ...v.growth.sizes.map(fmtInt), 'per 10x', 'verdict']),
          '',
        ]
      : []),
  ].join('\n');
  return md;
}
