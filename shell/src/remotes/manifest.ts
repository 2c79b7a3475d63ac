import { registerRemotes } from '@module-federation/enhanced/runtime';
import { z } from 'zod';

/** `/remotes.json`: where each remote is deployed. Changing it redeploys or rolls back a remote. */
export const remoteManifest = z.object({
  remotes: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/i),
      entry: z.string().min(1),
      version: z.string().min(1),
    }),
  ),
});
export type RemoteManifest = z.infer<typeof remoteManifest>;

export async function loadRemoteManifest(url = '/remotes.json'): Promise<RemoteManifest> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = remoteManifest.parse(await response.json());
  registerRemotes(
    manifest.remotes.map(({ name, entry }) => ({ name, entry: new URL(entry, window.location.href).href })),
    { force: true },
  );
  return manifest;
}
