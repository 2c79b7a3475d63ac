import { widgetMessage, type WidgetMessage } from '@paydesk/shared/schemas/payer-api';

/** The origin of the merchant's callback address, or null when there is none to trust. */
export function callbackOrigin(callbackUrl: string | null | undefined): string | null {
  if (!callbackUrl) return null;
  try {
    const url = new URL(callbackUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Tells the merchant's window (the opener) about the payment. The target origin is always the
 * exact origin of the checkout's callback address, never '*': without one, nothing is posted.
 */
export function postToOpener(message: WidgetMessage, callbackUrl: string | null | undefined): boolean {
  const opener = window.opener as Window | null;
  const origin = callbackOrigin(callbackUrl);
  if (!opener || opener.closed || !origin) return false;
  opener.postMessage(widgetMessage.parse(message), origin);
  return true;
}
