/**
 * Files whose name carries a content hash never change: cache them for a year, the build's .br
 * and .gz copies too (they are what a browser that takes them is sent, under the file's name).
 */
const hashed = /\.[0-9a-f]{10}\.(js|css|map)(\.br|\.gz)?$/;

export const NO_CACHE = 'no-cache';
/** A page that carries one payer's details: kept by no cache, shared or the browser's. */
export const NO_STORE = 'private, no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** remoteEntry.js, manifests and pages must be revalidated so a redeploy shows at the next load. */
export const cacheControlFor = (path: string): string => (hashed.test(path) ? IMMUTABLE : NO_CACHE);
