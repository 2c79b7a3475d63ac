import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { remotePackages } from '@paydesk/shared/remote-packages';
import type { RemoteManifest } from '../remotes/manifest';

/** A remote of /remotes.json with the given areas. */
export const manifestRemote = (name: string, areas: RemoteManifest['remotes'][number]['areas']): RemoteManifest['remotes'][number] => ({
  name,
  entry: `/remotes/${name}/remoteEntry.js`,
  version: '1.0.0',
  areas,
});

/** The areas the product's remotes declare: each package's areas.json, which its build publishes. */
export const productRemotes = (): RemoteManifest['remotes'] =>
  remotePackages.map(({ name, dir }) =>
    manifestRemote(name, (JSON.parse(readFileSync(join(__dirname, '../../..', dir, 'areas.json'), 'utf8')) as { areas: [] }).areas),
  );
