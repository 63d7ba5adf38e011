/** What a frame shows until its content is loaded: waiting for the host page, loading, or the failure. */
import type { ReactElement } from 'react';
import { chromeMessages } from '../model/chrome-messages.ts';
import { frameLanguage } from '../model/messages.ts';

/**
 * The message for `state`, or null once it is neither waiting, loading nor failed; in the frame's language (the
 * load's `localeSettings` once known, else the embed URL's `language`). `loading` and `failed` replace the report's
 * wording for other kinds of content.
 */
export function pendingMessage(
  state: {
    readonly status: string;
    readonly message?: string | undefined;
    readonly settings?: { localeSettings?: { language?: string } } | undefined;
  },
  loading?: string,
  failed?: string,
): ReactElement | null {
  const messages = chromeMessages(frameLanguage(state.settings, window.location.search));
  switch (state.status) {
    case 'waiting':
      return <p className="message muted">{messages.waitingForHost}</p>;
    case 'loading':
      return <p className="message muted">{loading ?? messages.loadingReport}</p>;
    case 'failed':
      return (
        <p className="message" role="alert">
          {failed ?? messages.reportFailed} {state.message}
        </p>
      );
    default:
      return null;
  }
}
