import { Component, lazy, Suspense, type ReactNode } from 'react';

export interface NoticeProps {
  severity: 'error' | 'warning';
  title: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
}

/** MUI's Alert and Button cost a payer page about 12 KB gzip, so they load only when shown. */
const StyledNotice = lazy(() => import('./styled-notice'));

/** The same notice without MUI: while the styled one loads, or if it cannot (the network is down). */
function PlainNotice({ title, children, action }: NoticeProps) {
  return (
    <div role="alert" style={{ margin: 16, padding: 16, border: '1px solid currentColor', borderRadius: 10 }}>
      <strong>{title}</strong>
      <div>{children}</div>
      {action ? (
        <button type="button" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

class PlainIfBroken extends Component<{ plain: ReactNode; children: ReactNode }, { broken: boolean }> {
  override state = { broken: false };

  static getDerivedStateFromError() {
    return { broken: true };
  }

  override render() {
    return this.state.broken ? this.props.plain : this.props.children;
  }
}

/** An error or warning with an optional action, as every error boundary of the shell shows it. */
export function ErrorNotice(props: NoticeProps) {
  const plain = <PlainNotice {...props} />;
  return (
    <PlainIfBroken plain={plain}>
      <Suspense fallback={plain}>
        <StyledNotice {...props} />
      </Suspense>
    </PlainIfBroken>
  );
}
