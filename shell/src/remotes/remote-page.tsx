import { lazy, Suspense, useMemo, useState } from 'react';
import { Loading } from '@paydesk/shared/ui/loading';
import { RemoteBoundary } from './remote-boundary';
import { importPage, takeWaitedForPage, RemoteLoadError } from './page-modules';
import { retryReloadsPage } from './remote-loader';
import type { RemoteModule } from './remote-module';
import { reportRemote } from './remote-reports';

function reportRenderError(id: string, error: Error): void {
  if (!(error instanceof RemoteLoadError)) reportRemote(id, 'render_failed', error);
}

/** Renders a page exposed by a remote; a failure stays inside this area and can be retried. */
export function RemotePage({ id, area }: RemoteModule) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy import for good. The first
  // attempt takes the page the start-up waited for, if any, and renders with no fallback.
  const Page = useMemo(() => (attempt === 0 && takeWaitedForPage(id)) || lazy(() => importPage(id)), [id, attempt]);
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
