// The payer pages' rows of the report's target table: bytes, time, federation overhead,
// Lighthouse and the release registry's cost (PERF-01, PERF-02, PERF-12, PERF-13).
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

export function payerTargetRows(steps) {
  const rows = [];
  const payer = steps.find((s) => s.kind === 'payer')?.data;
  for (const [name, page] of Object.entries(payer?.pages ?? {})) {
    const kb = page.gzipBytes.median / 1024;
    rows.push([
      `Payer page ${name.split(' ').at(-1)}`,
      `JS+CSS before the form is usable <= ${payer.budgetKb} KB gzip`,
      `${kb.toFixed(0)} KB`,
      verdict(kb <= payer.budgetKb),
    ]);
    const usableTarget = payer.usableTargetMs?.[name];
    if (usableTarget) {
      const lcp = page.lcpMs.median;
      rows.push([
        `Payer page ${name.split(' ').at(-1)}`,
        `usable within ${usableTarget / 1000} s, largest paint within ${payer.lcpTargetMs / 1000} s (slow phone)`,
        `usable ${(page.usableMs.median / 1000).toFixed(2)} s, LCP ${(lcp / 1000).toFixed(2)} s`,
        verdict(page.usableMs.median <= usableTarget && lcp <= payer.lcpTargetMs),
      ]);
    }
  }
  const overheadTarget = `federated within ${payer?.overheadTarget ?? 1.05}x of one ordinary bundle (time to usable)`;
  const measuredOverhead = Object.entries(payer?.pages ?? {}).filter(([, page]) => page.usableRatio);
  if (measuredOverhead.length === 0) rows.push(['Payer page', overheadTarget, 'not measured in this run', '—']);
  for (const [name, { usableRatio: r, usableMs, singleBundle }] of measuredOverhead) {
    rows.push([
      `Payer page ${name.split(' ').at(-1)}`,
      overheadTarget,
      `×${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)}): ${(usableMs.median / 1000).toFixed(1)} s federated, ${(singleBundle.usableMs.median / 1000).toFixed(1)} s single bundle`,
      verdict(r.median <= payer.overheadTarget),
    ]);
  }
  const lighthouse = steps.find((s) => s.kind === 'lighthouse')?.data;
  for (const [name, page] of Object.entries(lighthouse?.pages ?? {})) {
    const targets = Object.entries(lighthouse.targets[name] ?? {});
    rows.push([
      `Payer page ${name.split(' ').at(-1)}`,
      `Lighthouse (mobile): ${targets.map(([category, min]) => `${category} ${min === 100 ? '100' : `>= ${min}`}`).join(', ')}`,
      targets.map(([category]) => `${category} ${page[category].median}`).join(', '),
      verdict(targets.every(([category, min]) => page[category].median >= min)),
    ]);
  }
  const releases = steps.find((s) => s.kind === 'releases')?.data;
  if (releases) {
    const r = releases.payForm.usableRatio;
    rows.push([
      'Pay form with the release registry',
      `time to usable within ${releases.target}x of an empty registry`,
      `×${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)})`,
      verdict(r.median <= releases.target),
    ]);
  }
  return rows;
}
