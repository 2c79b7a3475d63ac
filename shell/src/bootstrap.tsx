import './zod-jitless';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerRemotesFromManifest } from './remotes/remote-loader';

async function start(): Promise<void> {
  // Remotes come from the deploy-time manifest; a missing or broken manifest still starts the
  // shell, and each area then shows its own fallback.
  await registerRemotesFromManifest().catch((error: unknown) => console.error('Remote manifest not loaded', error));
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in the page');
  createRoot(container).render(<App />);
}

void start();
