import { loadRemoteManifest } from './remotes/manifest';

// Remotes come from the deploy-time manifest, read before the app starts; a missing or broken
// manifest still starts the shell (its areas then show their fallbacks).
loadRemoteManifest()
  .catch((error: unknown) => console.error('Remote manifest not loaded', error))
  .finally(() => import('./bootstrap'));
