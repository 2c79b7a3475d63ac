import { shownEndpointUrl } from '@paydesk/shared/schemas/webhooks';
import type { SecretBox } from '../security/secret-box';

/** The authenticated data of a sealed URL: its endpoint, and that it is the URL, so a sealed secret cannot pass for one. */
const urlContext = (endpointId: string): string => `${endpointId}:url`;

/** An endpoint URL as stored (migration 029): as shown, and whole only sealed when that differs. */
export interface StoredUrl {
  url: string;
  urlSealed: string | null;
}

/** How a URL is stored (HOOK-07): query values, fragment and credentials only sealed, never in the clear. */
export function storedUrl(box: SecretBox, endpointId: string, url: string): StoredUrl {
  const shown = shownEndpointUrl(url);
  return shown === url ? { url, urlSealed: null } : { url: shown, urlSealed: box.seal(url, urlContext(endpointId)) };
}

/** The URL deliveries go to: the sealed one opened, or `url` when nothing was hidden (or not sealed yet). */
export const deliveryUrl = (box: SecretBox, endpointId: string, row: { url: string; url_sealed: string | null }): string =>
  row.url_sealed ? box.open(row.url_sealed, urlContext(endpointId)) : row.url;
