import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@paydesk/shared/ui/app-providers';
import { makeStore } from '@paydesk/shared/store';
import { AppErrorBoundary } from './app-error-boundary';
import { router } from './router';

const store = makeStore();

export function App() {
  return (
    <AppProviders store={store}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </AppProviders>
  );
}
