import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/telemetry/client';
import { Button } from './button';

interface Props {
  children: ReactNode;
  /** A new value (the next page's path) clears a caught error: the user can go on elsewhere. */
  resetKey: string;
}

/**
 * Catches what a page throws while rendering, a chunk that did not arrive included, and says so with a way
 * out, instead of leaving a blank window.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
    reportError(error, { source: 'render' });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="center-screen" data-testid="page-error">
        <div className="notice-card" role="alert">
          <h1 className="page-title">Something went wrong</h1>
          <p className="muted">This page could not be shown. Check your connection, then reload the page.</p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </div>
    );
  }
}
