import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

interface Props {
  area: string;
  onRetry: () => void;
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
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        severity="warning"
        role="alert"
        action={<Button color="inherit" onClick={this.retry}>Retry</Button>}
        sx={{ m: 2 }}
      >
        <AlertTitle>{this.props.area} is unavailable</AlertTitle>
        This part of Paydesk could not be loaded. The rest of the app keeps working.
      </Alert>
    );
  }
}
