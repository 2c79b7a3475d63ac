import type { ReleaseHealth, ReleaseWithHealth, RemoteSummary } from '@paydesk/shared/schemas/platform';

/** Reports of a release: `hour` and `day` as [loads, failures]. */
export const healthOf = (hour: [number, number] = [0, 0], day: [number, number] = hour): ReleaseHealth => ({
  hour: { loads: hour[0], failures: hour[1] },
  day: { loads: day[0], failures: day[1] },
});

/** An available release of mf_reports as the API lists it, with `over` changed. */
export const aRelease = (over: Partial<ReleaseWithHealth> = {}): ReleaseWithHealth => ({
  remote: 'mf_reports',
  version: '1.0.0',
  entry: 'https://cdn.example.com/mf-reports/1.0.0/remoteEntry.js',
  integrity: null,
  status: 'available',
  reason: null,
  released_by: 'Sam Super',
  released_at: '2026-03-01T10:00:00.000Z',
  promoted_at: null,
  canary_percent: null,
  health: healthOf(),
  ...over,
});

/** A remote's summary from its releases (newest first): live and canary are found among them, as the server does. */
export const aRemote = (releases: ReleaseWithHealth[], name = releases[0]?.remote ?? 'mf_reports'): RemoteSummary => ({
  name,
  live: releases.find((r) => r.status === 'live') ?? null,
  canary: releases.find((r) => r.status === 'canary') ?? null,
  releases,
});
