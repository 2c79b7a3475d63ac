import type { RemoteReport, RemoteReportPhase } from '@paydesk/shared/schemas/platform';
import { liveRemotes } from './remote-loader';

/**
 * Tells the server how each remote fares in this browser: its first load, a load that failed, a
 * render error its area caught. The server counts them per release and ends a canary that fails
 * too often (docs/decisions/remote-release-registry.md). Reports of one moment go together, as a
 * beacon, which outlives the page; a remote the manifest does not list (a single-bundle build) is
 * not reported.
 */
const URL = '/api/platform/remote-reports';
const MAX_BATCH = 20;
let queued: RemoteReport[] = [];
const loaded = new Set<string>();

function flush(): void {
  const reports = queued.slice(0, MAX_BATCH);
  queued = [];
  if (reports.length === 0) return;
  const body = JSON.stringify({ reports });
  const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(URL, new Blob([body], { type: 'application/json' }));
  if (!sent)
    void fetch(URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
}

export function reportRemote(moduleId: string, phase: RemoteReportPhase, error?: unknown): void {
  const remote = moduleId.split('/')[0] ?? '';
  const version = liveRemotes().find(({ name }) => name === remote)?.version;
  if (!version) return;
  if (phase === 'loaded') {
    if (loaded.has(remote)) return;
    loaded.add(remote);
  }
  const message = error instanceof Error ? error.message.slice(0, 300) : undefined;
  if (queued.length === 0) setTimeout(flush, 0);
  queued.push({ remote, version, phase, ...(message ? { message } : {}) });
}
