import { brotliCompressSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { publicPageModuleAt } from '@paydesk/shared/routes';
import { createRemoteFiles } from './remote-files';
import { remoteOfPage, type ReleasedEntry } from './remotes-manifest';

/** A page as a remote's build painted it: markup for the shell's #root, style tags for its head. */
export interface FirstView {
  html: string;
  head: string;
  /** Whose values go in place of the markup's stand-ins (`@paydesk/shared/first-view-slots`): a checkout's. */
  fill?: 'checkout';
}

const firstViewFile = z.object({
  pages: z.record(z.string(), z.object({ html: z.string(), head: z.string(), fill: z.optional(z.literal('checkout')) })),
});

/** Where first-view.json is for a remote entry: beside it, as the remote's build writes it (scripts/webpack/first-view.cjs). */
export function firstViewAddress(entry: string): string | undefined {
  return entry.startsWith('/') && !entry.startsWith('//') ? entry.replace(/[^/]*$/, 'first-view.json') : undefined;
}

/** An expose's page in a first-view.json document, if the document has the expected shape and the page. */
export function firstViewOf(file: unknown, expose: string): FirstView | undefined {
  const parsed = firstViewFile.safeParse(file);
  return parsed.success ? parsed.data.pages[`./${expose}`] : undefined;
}

const ROOT = '<div id="root"></div>';
const VIEW_END = 'first-view-end';

/**
 * The shell's page with a first view in it: the styles at the end of <head>, the markup in #root
 * inside an element marked `data-first-view` (which the page's scripts look for, and replace at
 * their first render). Nothing when the page lacks either place.
 */
export function pageWithFirstView(page: string, view: FirstView): string | undefined {
  if (!page.includes(ROOT) || !page.includes('</head>')) return undefined;
  // The browser paints nothing until the whole view is parsed (`rel=expect`, which Chromium releases
  // when the expected element is inserted, so it is an empty one after the view): a paint of part of
  // the view would move the rest, the card being centred, as its markup arrives.
  return page
    .replace('</head>', () => `<link rel="expect" href="#${VIEW_END}" blocking="render">${view.head}</head>`)
    .replace(ROOT, () => `<div id="root"><div data-first-view>${view.html}</div><template id="${VIEW_END}"></template></div>`);
}

/** A page ready to send, or (`fill`) one whose stand-ins the request's checkout fills (checkout-first-view.ts). */
export type FirstViewPage = { html: string; br: Buffer; gzip: Buffer; fill?: undefined } | { html: string; fill: 'checkout' };

/**
 * The shell's page for a payer page's address, painted with the first view its remote's release
 * wrote (the pay form, fields and all, before any script has run). Only from a remote whose files
 * this server serves: the markup goes into the page as it is, and a file fetched from another
 * origin carries no hash the release pinned, so it is not taken (such a page paints when its
 * scripts run, as before). Each page is composed and compressed once per version of its two files;
 * one with stand-ins is composed once and filled for each request.
 */
export function createFirstViewPages({
  frontendsDir,
  remotesManifest,
  shellPage,
}: {
  frontendsDir: string;
  remotesManifest?: string;
  shellPage: string;
}): (path: string, released?: readonly ReleasedEntry[]) => FirstViewPage | undefined {
  const { onThisServer, readText } = createRemoteFiles({ frontendsDir });
  // By the parsed first-view.json (one object per version of the file), then by shell page and expose.
  const composed = new WeakMap<object, { shell: string; pages: Map<string, FirstViewPage | undefined> }>();

  return (path, released = []) => {
    const id = publicPageModuleAt(path);
    const found = id && remoteOfPage(frontendsDir, remotesManifest, released, id);
    const file = found && onThisServer(firstViewAddress(found.remote.entry));
    const text = readText(shellPage);
    if (!found || typeof file !== 'object' || file === null || text === undefined) return undefined;
    let known = composed.get(file);
    if (known?.shell !== text) composed.set(file, (known = { shell: text, pages: new Map() }));
    if (!known.pages.has(found.expose)) {
      const view = firstViewOf(file, found.expose);
      const html = view && pageWithFirstView(text, view);
      known.pages.set(
        found.expose,
        html === undefined
          ? undefined
          : view?.fill
            ? { html, fill: view.fill }
            : { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) },
      );
    }
    return known.pages.get(found.expose);
  };
}
