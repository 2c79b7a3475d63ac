// Server time of GET calls timed in process, as the transactions and balance benchmarks time
// theirs: performance.now() around app.inject() on the real app, every call once a round so that
// the machine's noise spreads over all of them; median, p95 (nearest rank) and (min–max).
import { performance } from 'node:perf_hooks';

export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const round = (ms) => Math.round(ms * 100) / 100;
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { median_ms: round(median), p95_ms: round(at(0.95)), min_ms: round(sorted[0]), max_ms: round(sorted.at(-1)) };
}

/**
 * `calls`: [{ name, url, … }]. `describe(body)` says once what a call returned (it did the work);
 * then `warmup` rounds, then `runs` timed rounds. Answers each call with its figures.
 */
export async function timeCalls(app, token, calls, { warmup, runs, describe }) {
  const headers = { authorization: `Bearer ${token}` };
  const inject = async (call) => {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url: call.url, headers });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`${call.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return { ms, body: response.json() };
  };
  const results = new Map();
  for (const call of calls) results.set(call, describe((await inject(call)).body));
  for (let round = 0; round < warmup; round += 1) for (const call of calls) await inject(call);
  const samples = new Map(calls.map((call) => [call, []]));
  for (let round = 0; round < runs; round += 1) for (const call of calls) samples.get(call).push((await inject(call)).ms);
  return calls.map((call) => ({ ...call, result: results.get(call), ...stats(samples.get(call)) }));
}

/** A plain-text table for the terminal: the first column left, the others right. */
export const textTable = (rows, head) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => (i > 0 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

export const markdownTable = (rows, head) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i > 0 ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
