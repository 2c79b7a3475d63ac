import { loadRemote } from '@module-federation/enhanced/runtime';
import { matchesRoute } from '@paydesk/shared/routes';
import { loadRemoteManifest, type RemoteManifest } from './manifest';
import { publicPages } from './public-pages';

/**
 * How the shell reaches its remotes: the federation runtime, from the deploy-time manifest. The
 * single-bundle build variant (PAYDESK_BUILD_VARIANT=single-bundle, scripts/webpack/create-config.cjs)
 * swaps this file for remote-loader.single-bundle.ts, so both builds run the same pages.
 */
let registered: Promise<void> | undefined;
let live: RemoteManifest['remotes'] = [];
let preview: RemoteManifest['preview'];

/** Once per page load: the payer-page preload and the start-up share it. */
export function registerRemotesFromManifest(): Promise<void> {
  registered ??= loadRemoteManifest().then((manifest) => {
    live = manifest.remotes;
    preview = manifest.preview;
  });
  return registered;
}

/** The live remotes, as registered: the start-up waits for the manifest before rendering (bootstrap.tsx). */
export const liveRemotes = (): RemoteManifest['remotes'] => live;

/** The release this browser previews among them, if any: the back office shows a banner while it does. */
export const previewedRelease = (): RemoteManifest['preview'] => preview;

export const loadRemoteModule = <T>(id: string): Promise<T | null> => loadRemote<T>(id);

/** The remote module of the payer page the server sent: with preload hints for its files. */
let sentFor: string | undefined;

/**
 * Called by the entry before React has even downloaded. Left to the page, the manifest, the
 * remote's remoteEntry.js and then its chunks would be fetched one after the other once React had
 * run: about a second more than one ordinary bundle on a slow network (bench/payer-page.mjs).
 * The server's Link header has the browser fetch remoteEntry.js and the page's chunks with the
 * page (preload-links.ts); started here, they run while the shell's own chunks download. Shared
 * modules still come from the shell: it registered its own at start-up. A failure is left to the
 * page, which retries and shows its fallback.
 */
export function preloadPayerPage(pathname: string): void {
  const page = publicPages.find(({ path }) => matchesRoute(path, pathname));
  if (!page) return;
  sentFor = page.remote.id;
  registerRemotesFromManifest()
    .then(() => loadRemote(page.remote.id))
    .catch(() => undefined);
}

/**
 * True when a retry of this module must load the page afresh. The server sends a payer page with
 * `Link: rel=preload` for its remote's files (server/src/frontends/preload-links.ts); when such a
 * preload failed, the browser hands that failure to the next script of the page that asks for the
 * file, however the network is now, so only a new page load reaches the network again.
 */
export const retryReloadsPage = (id: string): boolean => id === sentFor;
