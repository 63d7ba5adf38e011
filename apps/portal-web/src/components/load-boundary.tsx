import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface LoadBoundaryProps {
  /** What to draw instead of the children once loading them failed. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a failure to render its children, typically a lazily loaded module that did not arrive (the network
 * dropped, the server is down, or a new release replaced the chunk), and draws `fallback` instead of leaving the
 * whole app blank. Give it a `key` that changes on navigation so another page gets a fresh try.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the page could not be loaded:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
