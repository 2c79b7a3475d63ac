/** Median and spread (min, max) of repeated measurements. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // The mean of the middle two, rounded to a thousandth so that 0.38 and 0.46 give 0.42, not 0.42000000000000004.
  const median = sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 1000) / 1000;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}

/** The order of `names` in run `run`: each takes its turn at going first, so none always meets the machine in the same state. */
export const inTurn = (names, run) => names.map((_, k) => names[(k + run) % names.length]);

/** The per-run ratios of `key`, `now[i]` ÷ `then[i]`: a slow moment of the machine weighs on both sides of each. */
export const perRunRatio = (now, then, key) => summarize(now.map((sample, i) => sample[key] / then[i][key]));

export const kb = (bytes) => Math.round(bytes / 102.4) / 10;

export const fmtInt = (n) => n.toLocaleString('en-US');
export const log = (message) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
