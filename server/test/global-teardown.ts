import { rmSync } from 'node:fs';
import { TEMPLATES_DIR_VARIABLE } from './db-template-names';

export default function globalTeardown(): void {
  const dir = process.env[TEMPLATES_DIR_VARIABLE];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
