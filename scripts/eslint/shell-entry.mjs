// The shell's entry (src/index.ts and what it imports before the async boundary) runs before the
// federation's share scope is set up, so it cannot import the workspace package's stateful
// modules: only that scope provides them (RUNTIME-006 in the browser). They are the package's
// singletons of scripts/webpack/shared-deps.cjs, read from there.
import { createRequire } from 'node:module';

const { singletons } = createRequire(import.meta.url)('../webpack/shared-deps.cjs');

export const shellEntryFiles = ['shell/src/index.ts', 'shell/src/remotes/{remote-loader,manifest,entry-integrity,public-pages}.ts'];

/** A piece for `refusing` (one-way-rules.mjs): the package's shared singletons, deep imports too. */
export const beforeShareScope = {
  paths: [],
  pattern: {
    group: singletons
      .filter(([request]) => request.startsWith('@paydesk/shared/'))
      .flatMap(([request, withDeepImports]) => (withDeepImports ? [request, `${request}/*`] : [request])),
    message: "The shell's entry runs before the share scope that provides this module: import it from bootstrap.tsx's side.",
  },
};
