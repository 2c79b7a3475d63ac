import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import buildServer from './built-server';
import { TEMPLATES_DIR_VARIABLE } from './db-template-names';

/**
 * The server-pglite project's set-up: server/dist built (built-server.ts), one password for the
 * demo accounts of every test file, and the database templates made with it (db-templates.ts), in
 * a folder the teardown removes.
 */
export default function globalSetup(): void {
  buildServer();
  process.env.PAYDESK_TEST_PASSWORD ??= `Test-password-${randomBytes(4).toString('hex')}-9`;
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-db-templates-'));
  execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'db-templates.ts'), dir], {
    cwd: join(__dirname, '..'),
    stdio: 'inherit',
  });
  process.env[TEMPLATES_DIR_VARIABLE] = dir;
}
