import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorNotice } from '../components/error-notice';

class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('A page failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorNotice severity="error" title="This page could not be shown">
        This page hit an unexpected error.
      </ErrorNotice>
    );
  }
}

/**
 * A page's error boundary: one page failing leaves the layout and navigation working, and going
 * to another address starts afresh.
 */
export function RouteError({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteBoundary key={pathname}>{children}</RouteBoundary>;
}
