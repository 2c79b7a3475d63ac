import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Loading } from '@paydesk/shared/ui/loading';
import { RemoteBoundary } from './remote-boundary';
import { loadRemoteModule, retryReloadsPage } from './remote-loader';
import type { RemoteModule } from './remote-module';
import { reportRemote } from './remote-reports';

/** A page that could not be loaded (reported as such), as against one that failed to render. */
class RemoteLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

async function importPage(id: string): Promise<{ default: ComponentType }> {
  try {
    const module = await loadRemoteModule<{ default: ComponentType }>(id);
    if (!module?.default) throw new Error(`${id} exposes no default component`);
    reportRemote(id, 'loaded');
    return module;
  } catch (error) {
    reportRemote(id, 'load_failed', error);
    throw new RemoteLoadError(error);
  }
}

function reportRenderError(id: string, error: Error): void {
  if (!(error instanceof RemoteLoadError)) reportRemote(id, 'render_failed', error);
}

/** Renders a page exposed by a remote; a failure stays inside this area and can be retried. */
export function RemotePage({ id, area }: RemoteModule) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lazy component per attempt: React caches a rejected lazy import for good
  const Page = useMemo(() => lazy(() => importPage(id)), [id, attempt]);
  return (
    // Keyed by module: the router reuses this element across areas, and one area's failure must
    // not follow the user into the next.
    <RemoteBoundary
      key={id}
      area={area}
      onError={(error) => reportRenderError(id, error)}
      onRetry={() => (retryReloadsPage(id) ? window.location.reload() : setAttempt((n) => n + 1))}
    >
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
