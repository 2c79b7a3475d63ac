// bench/results/back-office-page.md from the figures of bench/back-office-page.mjs.
import { fmtInt, kb } from './stats.mjs';

const ms = (s) => (s ? `${fmtInt(Math.round(s.median))} (${fmtInt(Math.round(s.min))}–${fmtInt(Math.round(s.max))})` : '—');
const kbRange = (s) => `${kb(s.median)} (${kb(s.min)}–${kb(s.max)})`;

export function backOfficeMarkdown(report) {
  const { runs, network, cpuSlowdown, transactions, database, seeding } = report;
  const lines = [
    '## Back office',
    '',
    `${runs} cold run${runs === 1 ? '' : 's'} per page, CPU slowed ${cpuSlowdown}x, ${network.latency} ms RTT and ${Math.round((network.downloadThroughput * 8) / 1024 / 102.4) / 10} Mbit/s down, ` +
      `against ${fmtInt(transactions)} transactions on ${database} (${seeding}). Each run signs the demo admin in through the sign-in page; ` +
      'times are ms after the submit, median (min–max). Sign-in lands on the Dashboard; Transaction Monitoring is opened from the menu the moment the menu shows (at "menu"). ' +
      '"Shown" is when the page\'s header is in the DOM, before its data; "figures" (the Dashboard) when every figure and the recent transactions are in, the chart may still be loading; ' +
      '"code in" when the last script or style fetched after the submit arrived, "data in" when the last API call answered; usable minus the later of the two is the page rendering on the slowed CPU. ' +
      "JS+CSS counts what had arrived when the page was usable, the sign-in page's included.",
    '',
    '| page | usable | figures | menu | shown | code in | data in | JS+CSS gzip (KB) | after submit (KB) | requests | LCP | blocking | sign-in page usable |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, p] of Object.entries(report.pages)) {
    lines.push(
      `| ${name} | ${ms(p.usableMs)} | ${ms(p.figuresMs)} | ${ms(p.clickedMs)} | ${ms(p.shownMs)} | ${ms(p.codeInMs)} | ${ms(p.dataInMs)} | ${kbRange(p.gzipBytes)} | ${kbRange(p.afterSubmitGzipBytes)} | ${p.requests.median} | ${ms(p.lcpMs)} | ${ms(p.blockingMs)} | ${ms(p.signInPageMs)} |`,
    );
  }
  lines.push(
    '',
    'LCP is the largest paint after the submit ("—": nothing painted after sign-in outgrew the sign-in card); "sign-in page usable" is from the navigation start, before the submit.',
    '',
  );
  if (report.against) lines.push(...againstLines(report));
  for (const [name, p] of Object.entries(report.pages)) {
    lines.push(
      `### ${name}: API calls`,
      '',
      'In the browser: start to end under the throttled network (150 ms round trip and transfer included); waiting: request sent to first byte. ' +
        "Loopback: the same call from Node after the runs, unthrottled, median of 5: the server's own time.",
      '',
      '| call | in the browser (ms) | waiting (ms) | loopback (ms) |',
      '|---|---:|---:|---:|',
      ...p.api.map(
        (c) =>
          `| \`${c.path}\` | ${ms(c.browserMs)} | ${ms(c.waitMs)} | ${c.loopbackMs ? `${c.loopbackMs.median.toFixed(1)} (${c.loopbackMs.min.toFixed(1)}–${c.loopbackMs.max.toFixed(1)})` : '—'} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

/** The same pages from another checkout's server on the same database, measured in the same runs. */
function againstLines({ against, pages }) {
  const ratio = (r) => (r ? `${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)})` : '—');
  const pair = (then, now) => (now ? `${ms(then)} → ${ms(now)}` : '—');
  return [
    `### Against ${against}`,
    '',
    `The same pages from a checkout of ${against}, built, from its own server on the same database, measured in the same runs ` +
      '(each run one sign-in on each server, taking turns at going first). The ratios are the medians of the per-run ratios, now ÷ then.',
    '',
    '| page | usable (ms) | now ÷ then, usable | figures (ms) | now ÷ then, figures | JS+CSS gzip (KB) | blocking (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(pages).map(
      ([name, p]) =>
        `| ${name} | ${pair(p.then.usableMs, p.usableMs)} | ${ratio(p.ratio.usableMs)} | ${pair(p.then.figuresMs, p.figuresMs)} | ${ratio(p.ratio.figuresMs)} | ` +
        `${kb(p.then.gzipBytes.median)} → ${kb(p.gzipBytes.median)} | ${pair(p.then.blockingMs, p.blockingMs)} |`,
    ),
    '',
  ];
}
