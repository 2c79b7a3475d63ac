// The front-end packages and where their builds land. Used by build, start and the e2e setup.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The one list of the remotes (folder, container name, dev port); the shell is the host. */
export const remotes = JSON.parse(readFileSync(path.join(root, 'shared/src/remote-packages.json'), 'utf8'));
export const frontends = ['shell', ...remotes.map((r) => r.dir)];

/** Written after each successful build (webpack leaves an unchanged remoteEntry.js untouched). */
export const stampOf = (dir) => path.join(root, dir, 'dist', '.build-stamp');

/** Tests and test helpers are never bundled, so they do not make a build stale. */
const testOnly = /(\.test\.tsx?$)|(^testing$)/;

/** Newest modification time of the files below a folder (tests and test helpers left out). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = readdirSync(target).filter((name) => !testOnly.test(name));
  return Math.max(0, ...names.map((name) => newestMtime(path.join(target, name))));
}

/** What a front end's build depends on besides node_modules. */
const inputsOf = (dir) => [
  path.join(root, dir, 'src'),
  path.join(root, dir, 'package.json'),
  path.join(root, dir, 'webpack.config.cjs'),
  path.join(root, dir, 'areas.json'),
  path.join(root, 'shared', 'src'),
  path.join(root, 'scripts', 'webpack'),
];

/** Built, and built after its last source change (a failed build leaves no stamp: clean wipes it). */
export function isBuilt(dir) {
  const stamp = stampOf(dir);
  if (!existsSync(stamp)) return false;
  const builtAt = statSync(stamp).mtimeMs;
  return inputsOf(dir).every((input) => newestMtime(input) <= builtAt);
}
