// How the transactions calls' server time grows with the table: a ratio per 10x more rows between
// neighbouring sizes, the growth exponent k (time ∝ rows^k from the smallest to the largest
// size), and a verdict from the steepest 10x step, since growth that starts late is still growth.

/** The deep-page calls name their page number, which grows with the table; one name for all sizes. */
export const callKey = (name) =>
  name.replace(/^list: page \d+ x/, 'list: middle page x').replace(/^list: last page \d+ x/, 'list: last page x');

/** Per 10x more rows: at most 1.25x flat, at most 2x logarithmic-like, 5x and more linear. */
export function verdictOf(perTenfold) {
  if (perTenfold <= 1.25) return 'flat';
  if (perTenfold <= 2) return 'logarithmic';
  if (perTenfold < 5) return 'between logarithmic and linear';
  return 'linear';
}

/**
 * `runs`: [{ size, calls: [{ name, median_ms }] }] of one database, any order. Returns the sizes
 * and, per call, its median at each size, the ratio per 10x between neighbouring sizes, k and the verdict.
 */
export function growth(runs) {
  const sorted = [...runs].sort((a, b) => a.size - b.size);
  const sizes = sorted.map((r) => r.size);
  const names = sorted[0].calls.map((c) => callKey(c.name));
  const calls = names.map((name) => {
    const medians = sorted.map((r) => r.calls.find((c) => callKey(c.name) === name)?.median_ms ?? NaN);
    const perTenfold = medians.slice(1).map((m, i) => (m / medians[i]) ** (1 / Math.log10(sizes[i + 1] / sizes[i])));
    const k = Math.log10(medians.at(-1) / medians[0]) / Math.log10(sizes.at(-1) / sizes[0]);
    return {
      name,
      medians,
      per_tenfold: perTenfold.map((r) => Math.round(r * 100) / 100),
      k: Math.round(k * 100) / 100,
      verdict: verdictOf(Math.max(...perTenfold)),
    };
  });
  return { sizes, calls };
}
