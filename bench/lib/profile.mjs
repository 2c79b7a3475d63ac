// Where a CPU profile (node --cpu-prof) spent its time: self time by package or source folder.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const areaOf = ({ url, functionName }) => {
  if (url.includes('/node_modules/')) return url.replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (url.startsWith('data:') && url.includes('envelope.ts')) return 'shared/src/crypto/envelope.ts';
  const source = url.match(/(server|shared)\/src\/([^/]+)/);
  if (source) return `${source[1]}/src/${source[2]}`;
  if (url.startsWith('node:')) return 'node internals (http, net, streams, modules)';
  return url ? 'other' : functionName === 'writev' || functionName === 'writeBuffer' ? 'socket writes (syscalls)' : functionName;
};

/** The largest profile in `dir` (the main thread's), as [{ name, share }] sorted by self time. */
export function topCosts(dir, count = 12) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...time.values()].reduce((a, b) => a + b, 0);
  const areas = new Map();
  for (const node of profile.nodes) {
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + (time.get(node.id) ?? 0));
  }
  return [...areas]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, t]) => ({ name, share: Math.round((1000 * t) / total) / 10 }));
}
