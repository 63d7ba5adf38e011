/** What a frame shows until its content is loaded: waiting for the host page, loading, or the failure. */
import type { ReactElement } from 'react';

/** The message for `state`, or null once it is neither waiting, loading nor failed. */
export function pendingMessage(
  state: { readonly status: string; readonly message?: string | undefined },
  loading = 'Loading the report…',
  failed = 'The report could not be loaded.',
): ReactElement | null {
  switch (state.status) {
    case 'waiting':
      return <p className="message muted">Waiting for the host page…</p>;
    case 'loading':
      return <p className="message muted">{loading}</p>;
    case 'failed':
      return (
        <p className="message" role="alert">
          {failed} {state.message}
        </p>
      );
    default:
      return null;
  }
}
