import { registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource Integrity for the remotes' entries: a remote released through the registry comes
 * with the SHA-384 of its remoteEntry.js that the gate recorded, and the federation runtime's
 * script for it carries that hash, so the browser refuses an entry changed after its release (the
 * area then shows its "unavailable" state; the rest of the shell works). CORS mode, which a hash
 * needs for a file of another origin: the CDN sends Access-Control-Allow-Origin.
 */
const expected = new Map<string, string>();
let registered = false;

export const entryIntegrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'paydesk-entry-integrity',
  createScript({ url }) {
    const integrity = expected.get(url);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    script.src = url;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    return script;
  },
};

/** The remotes of the manifest just read, by absolute entry address. */
export function checkEntryIntegrity(remotes: readonly { entry: string; integrity?: string }[]): void {
  expected.clear();
  for (const { entry, integrity } of remotes) if (integrity) expected.set(entry, integrity);
  if (!registered) registerPlugins([entryIntegrityPlugin]);
  registered = true;
}
