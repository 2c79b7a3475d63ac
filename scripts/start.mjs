// npm start: builds the front ends not built yet, then serves the whole product on one port
// (API, shell and every remote) on the embedded database with demo data.
import { spawn } from 'node:child_process';
import { buildFrontends } from './build.mjs';
import { root } from './frontends.mjs';

try {
  buildFrontends();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { FRONTENDS_DIR: root, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
