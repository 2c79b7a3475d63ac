import './zod-jitless';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { submitHeld } from './remotes/first-view';
import { payerPageLoaded } from './remotes/page-modules';
import { registerRemotesFromManifest } from './remotes/remote-loader';

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
  // then is replaced in one go, and what the payer asked of it meanwhile is asked of the page (first-view.ts).
  await payerPageLoaded(window.location.pathname);
  flushSync(() => root.render(<App />));
  submitHeld(container);
}

void start();
