import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  variant: ToastVariant;
  title: string;
  message?: string;
}

/**
 * The toast host (notistack) is not part of a page's first load: it loads with the first toast,
 * or as soon as the user first touches the page, whichever comes first. Toasts asked for before
 * it is up are shown when it is.
 */
const ToastHost = lazy(() => import('./toast-host'));

let show: ((toast: Toast) => void) | null = null;
const waiting: Toast[] = [];

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function want(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/** Called by the toast host once it is in the page, with its way of showing a toast. */
export function toastHostMounted(showToast: (toast: Toast) => void): void {
  show = showToast;
  waiting.splice(0).forEach(showToast);
}

const firstTouch = ['pointerdown', 'keydown', 'focusin'] as const;

/** Where toasts appear, loaded on demand; mounted once, beside the page (ThemeProviders does it). */
export function Toasts() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (on) return undefined;
    firstTouch.forEach((type) => window.addEventListener(type, want, { once: true, capture: true }));
    return () => firstTouch.forEach((type) => window.removeEventListener(type, want, { capture: true }));
  }, [on]);
  return on ? (
    <Suspense fallback={null}>
      <ToastHost onMounted={toastHostMounted} />
    </Suspense>
  ) : null;
}

/** The one way to show a toast: a title and a message, as the requirements write them ("Title / message", ERR-01 to ERR-12). */
export function notify(variant: ToastVariant, title: string, message?: string): void {
  const toast = { variant, title, message };
  if (show) {
    show(toast);
    return;
  }
  waiting.push(toast);
  want();
}
