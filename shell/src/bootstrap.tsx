import './zod-jitless';
import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { submitHeld } from './remotes/first-view';
import { payerPageLoaded } from './remotes/page-modules';
import { registerRemotesFromManifest } from './remotes/remote-loader';

/** Runs `then` once the tree it is in has been committed, after the updates its layout effects made. */
function Committed({ then }: { then: () => void }) {
  useLayoutEffect(() => queueMicrotask(then), [then]);
  return null;
}

async function start(): Promise<void> {
  // Remotes come from the deploy-time manifest; a missing or broken manifest still starts the
  // shell, and each area then shows its own fallback.
  await registerRemotesFromManifest().catch((error: unknown) => console.error('Remote manifest not loaded', error));
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in the page');
  const root = createRoot(container);
  if (!container.querySelector('[data-first-view]')) {
    root.render(<App />);
    return;
  }
  // A payer page the server painted stays as it is until its own module has loaded (page-modules.ts),
  // then is replaced in one commit, and what the payer asked of the first view is asked of the page
  // once committed (first-view.ts). The page is rendered in slices (a transition), so the first
  // view still answers the payer meanwhile: typing, which the pay form carries over at its commit,
  // and a close, which the widget reports from the moment its module runs.
  await payerPageLoaded(window.location.pathname);
  const tree = (
    <>
      <App />
      <Committed then={() => submitHeld(container)} />
    </>
  );
  startTransition(() => root.render(tree));
}

void start();
