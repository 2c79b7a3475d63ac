import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder of the npm workspace root (the package.json that lists workspaces). */
export function findRepoRoot(start: string = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** The server package folder (holds `migrations/`). */
export const serverRoot = (): string => join(import.meta.dirname, '..');
