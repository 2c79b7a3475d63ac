import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Another live process has the embedded database open. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A pid file beside the folder refuses that (a stale file from a crashed process is taken over).
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
