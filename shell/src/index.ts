import { holdFirstViewSubmits } from './remotes/first-view';
import { preloadPayerPage } from './remotes/remote-loader';

// A payer page's own code starts downloading beside the shell's (remote-loader.ts says why).
preloadPayerPage(window.location.pathname);
holdFirstViewSubmits();
// The async boundary: shared singletons are negotiated before any app code (or zod) runs. Named,
// so that the page preloads its file beside the entry (create-config.cjs, Preload).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
