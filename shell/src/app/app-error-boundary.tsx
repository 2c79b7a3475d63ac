import { Component, type ReactNode } from 'react';
import { ErrorNotice } from '../components/error-notice';

/** The last line of defence: a crash anywhere in the shell shows this instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorNotice severity="error" title="Something went wrong" action={{ label: 'Reload', onClick: () => window.location.reload() }}>
        Paydesk hit an unexpected error. Reloading the page usually helps.
      </ErrorNotice>
    );
  }
}
