import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRemoteManifest } from './manifest';

/**
 * How the shell reaches its remotes: the federation runtime, from the deploy-time manifest. The
 * single-bundle build variant (PAYDESK_BUILD_VARIANT=single-bundle, scripts/webpack/create-config.cjs)
 * swaps this file for remote-loader.single-bundle.ts, so both builds run the same pages.
 */
export async function registerRemotesFromManifest(): Promise<void> {
  await loadRemoteManifest();
}

export const loadRemoteModule = <T>(id: string): Promise<T | null> => loadRemote<T>(id);
