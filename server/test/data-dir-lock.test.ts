import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirBusyError, lockDataDir } from '../src/db/data-dir-lock';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
  dataDir = join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Another process that holds the lock until it is killed. */
function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'hold-data-dir.ts'), dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the holder exited with ${String(code)}`)));
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done(child));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

test('a lock file naming a live process that holds no lock does not block the start', () => {
  for (const pid of [1, process.ppid, process.pid]) {
    writeFileSync(`${dataDir}.lock`, String(pid));
    const release = lockDataDir(dataDir);
    release();
  }
});

test('a second process is refused while the first holds the folder, and let in once it dies', async () => {
  const child = await holder();
  try {
    expect(() => lockDataDir(dataDir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by process ${child.pid}`);
  } finally {
    await kill(child); // SIGKILL: no exit handler of the holder runs, the kernel drops its lock
  }
  const release = lockDataDir(dataDir);
  release();
});

test('a second open of the folder in the same process is refused until the first is released', () => {
  const release = lockDataDir(dataDir);
  expect(() => lockDataDir(dataDir)).toThrow(DataDirBusyError);
  release();
  release(); // twice is harmless
  lockDataDir(dataDir)();
});
