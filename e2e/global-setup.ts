import { execFileSync } from 'node:child_process';
import { startServer } from './support/server';

/**
 * Builds the front ends that changed, then starts the real product (API, shell and remotes on one
 * port, a fresh embedded database with demo data) for the browser tests.
 */
export default async function globalSetup(): Promise<void> {
  const root = `${__dirname}/..`;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = server.dataDir;
}
