import type { ComponentType } from 'react';
import { matchesRoute } from '@paydesk/shared/routes';
import { publicPages } from './public-pages';
import { loadRemoteModule } from './remote-loader';
import { reportRemote } from './remote-reports';

type PageModule = { default: ComponentType };

/** A page that could not be loaded (reported as such), as against one that failed to render. */
export class RemoteLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** A remote's page module, loaded and reported once loaded or failed. */
export async function importPage(id: string): Promise<PageModule> {
  try {
    const module = await loadRemoteModule<PageModule>(id);
    if (!module?.default) throw new Error(`${id} exposes no default component`);
    reportRemote(id, 'loaded');
    return module;
  } catch (error) {
    reportRemote(id, 'load_failed', error);
    throw new RemoteLoadError(error);
  }
}

/** The page the start-up waited for, until the page's first mount takes it. */
const waitedFor = new Map<string, ComponentType>();

/** For the first mount of the page the start-up waited for: rendered at once, with no fallback in between. */
export function takeWaitedForPage(id: string): ComponentType | undefined {
  const page = waitedFor.get(id);
  waitedFor.delete(id);
  return page;
}

/**
 * Waits for the module of the payer page at `pathname`, loaded or failed. The server paints such
 * a page in its first response (server/src/frontends/first-view.ts): the start-up keeps that on
 * screen until the module is here, so the first render puts the same page in its place, never a
 * loading spinner. A failure is the page's to show, as on any load.
 */
export async function payerPageLoaded(pathname: string): Promise<void> {
  const page = publicPages.find(({ path }) => matchesRoute(path, pathname));
  if (!page) return;
  const module = await importPage(page.remote.id).catch(() => undefined);
  if (module) waitedFor.set(page.remote.id, module.default);
}
