import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The server as `npm start` runs it: the JavaScript that scripts/build-server.mjs bundles into
 * server/dist. The tests start the server and its command line tools from there, which takes about
 * half the CPU of running the TypeScript through tsx (1.1 CPU-s against 2.0 per server start).
 */
const repoRoot = join(__dirname, '..', '..');

/** Node's arguments that run an entry point of server/dist (`main`, `audit-verify`, `create-admin`, `seed`), by absolute path. */
export const builtCommand = (entry: string, ...args: string[]): string[] => [
  '--enable-source-maps',
  join(repoRoot, 'server', 'dist', `${entry}.mjs`),
  ...args,
];

/**
 * The global set-up of the server's jest projects: builds server/dist when its sources changed
 * (about 0.1 CPU-s to find it built), so that no test starts a stale server.
 */
export default function buildServer(): void {
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-server.mjs')], { cwd: repoRoot, stdio: 'inherit' });
}
