import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page.tsx';

/** Catches a page that failed to load or broke, and shows what to do instead of a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
