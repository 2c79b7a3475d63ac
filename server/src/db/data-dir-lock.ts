import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { flockSync } from 'fs-ext';

/** Another live process has the embedded database open. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

const heldBy = (file: string): string => {
  try {
    const pid = readFileSync(file, 'utf8').trim();
    return /^\d+$/.test(pid) ? ` by process ${pid}` : '';
  } catch {
    return '';
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * An exclusive flock(2) on a file beside the folder refuses that. The kernel drops the lock when
 * the holder exits, however it exits, so a crash leaves nothing to clean up and a pid written in
 * the file (kept only to name the holder in the message) is never trusted. The file stays after
 * release: deleting it would let two processes lock two different files of the same name.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const fd = openSync(file, 'a+');
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    closeSync(fd);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EWOULDBLOCK' && code !== 'EAGAIN') throw error;
    throw new DataDirBusyError(
      `The embedded database in ${dataDir} is in use${heldBy(file)}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
  ftruncateSync(fd);
  writeSync(fd, String(process.pid));
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    closeSync(fd); // closing the only descriptor releases the lock
  };
}
