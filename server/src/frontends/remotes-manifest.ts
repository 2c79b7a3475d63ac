import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { remotePackages } from '@paydesk/shared/remote-packages';

export const remotesManifest = z.object({
  remotes: z.array(z.object({ name: z.string(), entry: z.string(), version: z.string() })),
});
export type RemotesManifest = z.infer<typeof remotesManifest>;

const builtVersion = (distDir: string): string => {
  const manifest = JSON.parse(readFileSync(join(distDir, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  return manifest.metaData?.buildInfo?.buildVersion ?? 'unknown';
};

/** The manifest of the remotes built in this checkout, each served under /remotes/<dir>/. */
export function localManifest(frontendsDir: string): RemotesManifest {
  const remotes = remotePackages
    .filter(({ dir }) => existsSync(join(frontendsDir, dir, 'dist', 'remoteEntry.js')))
    .map(({ name, dir }) => ({
      name,
      entry: `/remotes/${dir}/remoteEntry.js`,
      version: builtVersion(join(frontendsDir, dir, 'dist')),
    }));
  return { remotes };
}

/**
 * The deploy-time manifest: a file the operator edits to roll a remote forward or back (read on
 * every request, so no restart), or else the local builds.
 */
export function currentManifest(frontendsDir: string, manifestFile: string | undefined): RemotesManifest {
  if (!manifestFile) return localManifest(frontendsDir);
  return remotesManifest.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
}

/** Stand-in origin to resolve a remote's address with: one still on it was relative (this server's). */
export const RELATIVE_BASE = 'http://relative.invalid';

/**
 * The origins, other than this server's, that a manifest loads remotes from: the shell page's
 * Content Security Policy allows scripts from exactly these. A relative entry is this server's; a
 * protocol-relative one gives its host (the page's own scheme); any other scheme gives nothing.
 */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const { entry } of manifest.remotes) {
    const url = new URL(entry, RELATIVE_BASE);
    if (url.origin === RELATIVE_BASE || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    origins.add(entry.startsWith('//') ? url.host : url.origin);
  }
  return [...origins].sort();
}
