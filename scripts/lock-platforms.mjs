// Completes package-lock.json with the other platforms' native binaries.
//
// The registry this project installs from serves only linux-x64 builds of packages such as
// @swc/core-darwin-arm64, so `npm install` leaves those optional dependencies out of the lock
// and `npm ci` then refuses the lock as out of sync (npm/cli#9846). This records each missing
// optional platform package with the os/cpu/libc its name encodes, so `npm ci` sees a complete
// tree and skips them as off-platform, exactly as with a lock made against a full registry.
// Run it after every `npm install` that changes dependencies: npm run lock:platforms
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './frontends.mjs';

const platform =
  /-(android|darwin|freebsd|linux|openharmony|win32|wasm32)(?:-([a-z0-9]+))?(?:-(gnu|musl|msvc|gnueabihf|musleabihf|eabi|wasi))?$/;

/** os, cpu and libc of a native binary package, from its name; null when it names none. */
export function platformOf(name) {
  const match = platform.exec(name);
  if (!match) return null;
  const [, os, cpu, abi] = match;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const entry = { os: [os], cpu: [cpu] };
  if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
  if (abi === 'musl' || abi === 'musleabihf') entry.libc = ['musl'];
  return entry;
}

export function completeLock(lock) {
  const added = [];
  for (const [location, pkg] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${location}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const constraints = platformOf(name);
      if (!constraints) continue;
      const flags = Object.fromEntries(['dev', 'peer', 'devOptional'].filter((f) => pkg[f]).map((f) => [f, true]));
      lock.packages[hoisted] = { version, ...constraints, ...flags, optional: true };
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = completeLock(lock);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `Recorded ${added.length} off-platform binaries: ${added.join(', ')}` : 'The lock file is complete.');
}
