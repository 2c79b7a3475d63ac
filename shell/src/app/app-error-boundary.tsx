import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** The last line of defence: a crash anywhere in the shell shows this instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert severity="error" sx={{ m: 4 }} action={<Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>}>
        <AlertTitle>Something went wrong</AlertTitle>
        Paydesk hit an unexpected error. Reloading the page usually helps.
      </Alert>
    );
  }
}
