// npm start: builds the front ends and the server when their sources changed, then serves the
// whole product on one port (API, shell and every remote) on the embedded database with demo data.
import { spawn } from 'node:child_process';
import { serverCommand } from './build-server.mjs';
import { buildProductOrExit } from './build.mjs';
import { root } from './frontends.mjs';

await buildProductOrExit();

const server = spawn(process.execPath, serverCommand, {
  cwd: root,
  stdio: 'inherit',
  env: { FRONTENDS_DIR: root, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
