import type { ReleaseHealth, RemoteReport } from '@paydesk/shared/schemas/platform';
import type { Db } from '../db/db';
import { loggableText } from '../logger';

export interface ReportedCounts {
  loads: number;
  failures: number;
}

/**
 * Counts what browsers report of the registry's live releases and canaries, per release and hour
 * (migration 035); a report of any other remote or version is passed over, so nobody fills the
 * table with names of their own. A message keeps no card number (one in an error's text is masked).
 * Returns the canaries that were reported on, to be judged.
 */
export async function countReports(db: Db, reports: readonly RemoteReport[]): Promise<{ remote: string; version: string }[]> {
  const judged = new Map<string, { remote: string; version: string }>();
  for (const { remote, version, phase, message } of reports) {
    const failed = phase !== 'loaded';
    const [release] = await db.query<{ status: string }>(
      `select status from remote_releases where remote = $1 and version = $2 and status in ('live', 'canary')`,
      [remote, version],
    );
    if (!release) continue;
    await db.query(
      `insert into remote_report_counts as c (remote, version, hour, loads, failures, last_failure, last_failure_at)
       values ($1, $2, date_trunc('hour', now()), $3::bigint, $4::bigint, $5, case when $4::bigint > 0 then now() end)
       on conflict (remote, version, hour) do update set
         loads = c.loads + excluded.loads,
         failures = c.failures + excluded.failures,
         last_failure = coalesce(excluded.last_failure, c.last_failure),
         last_failure_at = coalesce(excluded.last_failure_at, c.last_failure_at)`,
      [remote, version, phase === 'render_failed' ? 0 : 1, failed ? 1 : 0, failed ? loggableText(message ?? phase).slice(0, 300) : null],
    );
    if (release.status === 'canary') judged.set(`${remote}@${version}`, { remote, version });
  }
  return [...judged.values()];
}

/** A release's loads and failures reported so far. */
export async function releaseHealth(db: Db, remote: string, version: string): Promise<ReportedCounts> {
  const [row] = await db.query<{ loads: number | null; failures: number | null }>(
    `select sum(loads)::bigint as loads, sum(failures)::bigint as failures from remote_report_counts where remote = $1 and version = $2`,
    [remote, version],
  );
  return { loads: row?.loads ?? 0, failures: row?.failures ?? 0 };
}

const NO_REPORTS: ReleaseHealth = { hour: { loads: 0, failures: 0 }, day: { loads: 0, failures: 0 } };

/**
 * Every release's loads and failures over this clock hour and the one before, and over the last
 * 24 hours, by `remote@version`; a release nobody reported on is absent (see `healthOf`).
 */
export async function recentHealth(db: Db): Promise<Map<string, ReleaseHealth>> {
  const rows = await db.query<{
    remote: string;
    version: string;
    hour_loads: number;
    hour_failures: number;
    day_loads: number;
    day_failures: number;
  }>(
    `select remote, version,
            coalesce(sum(loads) filter (where hour >= date_trunc('hour', now()) - interval '1 hour'), 0)::bigint as hour_loads,
            coalesce(sum(failures) filter (where hour >= date_trunc('hour', now()) - interval '1 hour'), 0)::bigint as hour_failures,
            sum(loads)::bigint as day_loads,
            sum(failures)::bigint as day_failures
       from remote_report_counts
      where hour > now() - interval '24 hours'
      group by remote, version`,
  );
  return new Map(
    rows.map((r) => [
      `${r.remote}@${r.version}`,
      { hour: { loads: r.hour_loads, failures: r.hour_failures }, day: { loads: r.day_loads, failures: r.day_failures } },
    ]),
  );
}

export const healthOf = (health: ReadonlyMap<string, ReleaseHealth>, remote: string, version: string): ReleaseHealth =>
  health.get(`${remote}@${version}`) ?? NO_REPORTS;
