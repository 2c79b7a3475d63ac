import { join } from 'node:path';
import { publicPageModuleAt } from '@paydesk/shared/routes';
import {
  bundledPageFiles,
  chunkIntegrityAddress,
  exposeSharesAddress,
  manifestAddress,
  preloadLinkHeader,
  remoteChunkIntegrity,
  remotePageFiles,
  sharedCopyFiles,
} from './page-files';
import { createRemoteFiles, type RemoteFilesOptions } from './remote-files';
import { remoteOfPage, type ReleasedEntry } from './remotes-manifest';

export interface PreloadLinksOptions extends RemoteFilesOptions {
  /** The operator's remotes.json (REMOTES_MANIFEST), or the local builds when unset. */
  remotesManifest?: string;
}

/**
 * The `Link` header of a payer page: preload hints for its remote's remoteEntry.js and the chunks
 * of the page's expose, so the browser fetches them beside the shell's own files instead of after
 * the federation runtime has run remoteEntry.js (bench/payer-page.mjs). Everything comes from what
 * is deployed at the time of the request: remotes.json says where the remote is, that remote's
 * own mf-manifest.json which files the page needs, and its chunk-integrity.json the hashes its
 * runtime loads them with (which a preload must carry too), and its expose-shares.json which of
 * the shell's copies of shared modules the page will ask for (the shell's shared-files.json),
 * read as remote-files.ts says. A hint that is missing or out of date costs a page some speed or
 * bandwidth, never correctness: the federation runtime still loads whatever the deployed
 * remoteEntry.js asks for.
 */
export function createPreloadLinks({
  frontendsDir,
  remotesManifest,
  fetchJson,
  now,
}: PreloadLinksOptions): (path: string, released?: readonly ReleasedEntry[]) => string | undefined {
  const { readJson, besideEntry } = createRemoteFiles({ frontendsDir, fetchJson, now });

  return (path, released = []) => {
    const id = publicPageModuleAt(path);
    if (!id) return undefined;
    // A shell that bundles the page itself (its single-bundle variant) lists the page's chunks.
    const bundled = bundledPageFiles(readJson(join(frontendsDir, 'shell', 'dist', 'page-chunks.json')), id);
    if (bundled) return preloadLinkHeader(bundled);
    const found = remoteOfPage(frontendsDir, remotesManifest, released, id);
    if (!found) return undefined;
    const { remote, expose } = found;
    const manifest = besideEntry(manifestAddress(remote.entry));
    const files = remotePageFiles(manifest, expose, remote.entry);
    const integrity = remoteChunkIntegrity(besideEntry(chunkIntegrityAddress(remote.entry)), manifest, remote.entry);
    if (remote.integrity && files[0]) integrity[files[0]] = remote.integrity;
    // And the shell's own copies of the shared modules the page consumes, when its page does not
    // load them anyway: the runtime asks for one only once the remote's chunk that needs it has run.
    const shellFiles = sharedCopyFiles(
      besideEntry(exposeSharesAddress(remote.entry)),
      readJson(join(frontendsDir, 'shell', 'dist', 'shared-files.json')),
      expose,
    );
    return preloadLinkHeader([...files, ...shellFiles], integrity);
  };
}
