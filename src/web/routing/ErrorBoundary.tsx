import { Component, type ReactNode } from 'react';
import { UnexpectedErrorPage } from '../pages/common/ErrorPage';

/** Anything that throws while rendering shows SPEC §8's error page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    // a failed chunk load after a deployment: reload once to fetch the new assets (SPEC §8)
    if (
      error instanceof Error &&
      /dynamically imported module|Loading chunk/i.test(error.message) &&
      !sessionStorage.getItem('alumni.reloaded')
    ) {
      sessionStorage.setItem('alumni.reloaded', '1');
      window.location.reload();
    }
  }
  override render() {
    return this.state.failed ? <UnexpectedErrorPage /> : this.props.children;
  }
}
