// What a payment costs, measured beside the load: CPU time from /proc, statements from
// pg_stat_database (bench/payment-api.mjs).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system) of a process so far, from /proc (clock ticks of 10 ms). */
export const serverCpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * CPU time of every PostgreSQL process of this machine so far: the backends' own, and the
 * postmaster's reaped children (backends that have exited, such as pgbench's). 0 when the
 * database runs elsewhere.
 */
export const postgresCpuMs = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .reduce((sum, pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) return sum;
        const fields = stat.split(') ')[1].split(' ');
        return sum + (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
      } catch {
        return sum; // the process ended meanwhile
      }
    }, 0);
export const perPayment = (ms, payments) => Math.round((ms / Math.max(payments, 1)) * 100) / 100;

/**
 * Transactions the database has ended (pg_stat_database): each statement outside BEGIN is one.
 * Backends report every second or so, so a round's count is good to about a second's worth.
 */
export async function databaseCommits(stats) {
  const [row] = await stats.query(
    'select (xact_commit + xact_rollback)::bigint as ended from pg_stat_database where datname = current_database()',
  );
  return Number(row.ended);
}
