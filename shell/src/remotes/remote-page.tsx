import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Loading } from '@paydesk/shared/ui/loading';
import { RemoteBoundary } from './remote-boundary';
import { loadRemoteModule, retryReloadsPage } from './remote-loader';
import type { RemoteModule } from './remote-module';

async function importPage(id: string): Promise<{ default: ComponentType }> {
  const module = await loadRemoteModule<{ default: ComponentType }>(id);
  if (!module?.default) throw new Error(`${id} exposes no default component`);
  return module;
}

/** Renders a page exposed by a remote; a failure stays inside this area and can be retried. */
export function RemotePage({ id, area }: RemoteModule) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt: React caches a rejected lazy import for good
  const Page = useMemo(() => lazy(() => importPage(id)), [id, attempt]);
  return (
    // Keyed by module: the router reuses this element across areas, and one area's failure must
    // not follow the user into the next.
    <RemoteBoundary key={id} area={area} onRetry={() => (retryReloadsPage(id) ? window.location.reload() : setAttempt((n) => n + 1))}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
