import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNotice } from '../components/error-notice';

interface Props {
  area: string;
  onRetry: () => void;
  /** Told of each error caught, once. */
  onError?: (error: Error) => void;
  children: ReactNode;
}

/** Contains one remote's failure (not loaded, or crashed) inside its own area. */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.area} failed`, error, info.componentStack);
    this.props.onError?.(error);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorNotice severity="warning" title={`${this.props.area} is unavailable`} action={{ label: 'Retry', onClick: this.retry }}>
        This part of Paydesk could not be loaded. The rest of the app keeps working.
      </ErrorNotice>
    );
  }
}
