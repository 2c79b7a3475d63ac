// What the database's sessions do while work runs: pg_stat_activity of one database sampled
// every 20 ms, averaged into "sessions doing X" (e.g. 5.3 sessions waiting on a row lock at
// `insert into transactions`): shows where a payment waits inside PostgreSQL.
import pg from 'pg';

/** `pgbench: true` counts pgbench's sessions only, `false` every other session (the server's). */
export async function sampleWaits(databaseUrl, work, { pgbench = false, top = 5 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let stop = false;
  const sampling = (async () => {
    while (!stop) {
      const { rows } = await client.query(
        `select state, wait_event_type || ':' || wait_event as wait, regexp_replace(left(query, 45), '\\s+', ' ', 'g') as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
           and (application_name = 'pgbench') = $1`,
        [pgbench],
      );
      samples += 1;
      for (const r of rows) {
        const what =
          r.state === 'active'
            ? `active${r.wait ? `, waiting on ${r.wait}` : ''}: ${r.query}`
            : r.state === 'idle'
              ? 'idle (between payments)'
              : `${r.state} (waiting for the client)`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return {
      result: await work(),
      waits: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([what, n]) => ({ what, sessions: Math.round((n / Math.max(samples, 1)) * 100) / 100 })),
    };
  } finally {
    stop = true;
    await sampling;
    await client.end();
  }
}
