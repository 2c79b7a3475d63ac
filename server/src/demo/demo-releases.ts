import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAreas } from '@paydesk/shared/areas';
import { remotePackages } from '@paydesk/shared/remote-packages';
import type { Db } from '../db/db';
import { integrityOf } from '../platform/release-gate';
import { insertRelease, makeLive } from '../platform/releases-repository';

export const DEMO_RELEASE_VERSION = '1.0.0';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every remote built in this checkout, released as 1.0.0 and live, so the Platform area has a
 * history to show from the first start. The entry is the server's own file
 * (/remotes/<dir>/remoteEntry.js), which /remotes.json reads from the build as it is now
 * (frontends/remotes-manifest.ts): a local rebuild never locks its pages out. A remote not built
 * yet is left out.
 */
export async function seedDemoReleases(tx: Db, frontendsDir: string, releasedBy: number | null): Promise<void> {
  for (const { dir, name } of remotePackages) {
    const dist = join(frontendsDir, dir, 'dist');
    const entryFile = join(dist, 'remoteEntry.js');
    if (!existsSync(entryFile)) continue;
    const manifest = readJson(join(dist, 'mf-manifest.json')) as {
      exposes?: { name: string }[];
      shared?: { name: string; version: string }[];
    };
    const areasFile = join(dist, 'areas.json');
    await insertRelease(tx, {
      remote: name,
      version: DEMO_RELEASE_VERSION,
      entry: `/remotes/${dir}/remoteEntry.js`,
      integrity: integrityOf(readFileSync(entryFile)),
      areas: existsSync(areasFile) ? parseAreas(readJson(areasFile), `${name} areas.json`) : [],
      exposes: (manifest.exposes ?? []).map((expose) => expose.name),
      shared: Object.fromEntries((manifest.shared ?? []).map(({ name: pkg, version }) => [pkg, version])),
      status: 'available',
      reason: null,
      releasedBy,
      deployTokenId: null,
    });
    await makeLive(tx, name, DEMO_RELEASE_VERSION);
  }
}
