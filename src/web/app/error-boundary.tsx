import { Component, createContext, type ReactNode, use } from 'react';
import { captureError } from '#web/errors/global-handler.ts';

/** Outside any boundary there is nothing to render again: a retry reloads the page. */
const RetryContext = createContext<() => void>(() => window.location.reload());

/** Inside a boundary's fallback: renders the boundary's children again. */
export function useBoundaryRetry(): () => void {
  return use(RetryContext);
}

interface ErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** Runs before a retry renders the children again (for example to let failed queries refetch). */
  onReset?: () => void;
  /** A failed boundary renders its children again when this changes (the admin's page content: the address). */
  resetKey?: unknown;
}

/**
 * Shows `fallback` instead of a subtree that threw while rendering (or whose code failed to load).
 * The fallback gets a retry through `useBoundaryRetry`, so an error screen can offer 'Retry'
 * without the boundary knowing which screen it shows.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // docs/product.md#global-error-handler: recorded locally only. The fallback already tells the shopper, so no toast.
    captureError(error, 'boundary', false);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? (
      <RetryContext value={this.retry}>{this.props.fallback}</RetryContext>
    ) : (
      this.props.children
    );
  }
}
