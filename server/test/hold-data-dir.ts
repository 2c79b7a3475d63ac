// Run as a child process by data-dir-lock.test.ts: locks the folder given as its argument, says
// "locked", and holds the lock until its standard input closes or it is killed.
import { lockDataDir } from '../src/db/data-dir-lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <data folder>');
lockDataDir(dataDir);
process.stdout.write('locked\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
