import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StaticErrorView } from './StaticErrorView';

interface State {
  failed: boolean;
}

/**
 * Last line of defence for errors outside the router (providers, theme). Routes have their
 * own errorElement; this one cannot use the router, so it renders plain markup and moves the
 * address to /cms/error.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    window.history.replaceState(null, '', '/cms/error');
  }

  render() {
    return this.state.failed ? <StaticErrorView /> : this.props.children;
  }
}
