import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../store';
import { toastHostMounted } from '@paydesk/shared/ui/notify';
import { ThemeProviders } from './theme-providers';
import ToastHost from './toast-host';

/** Store, theme and toasts (all at once): each remote's standalone bootstrap and the tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProviders toasts={<ToastHost onMounted={toastHostMounted} />}>{children}</ThemeProviders>
    </Provider>
  );
}
