/** Presentation mode's bookmark bar: the bookmark shown, the previous and next ones, and a way out. */
import type { IReportBookmark } from '@portico/models';
import type { ChromeMessages } from '../model/chrome-messages.ts';

interface Props {
  readonly bookmarks: readonly IReportBookmark[];
  readonly index: number;
  readonly onShow: (index: number) => void;
  readonly onExit: () => void;
  readonly messages: ChromeMessages;
}

export function BookmarkNavigator({ bookmarks, index, onShow, onExit, messages }: Props) {
  const current = bookmarks[index];
  return (
    <nav className="bookmark-bar" aria-label={messages.bookmarks}>
      <button type="button" aria-label={messages.previousBookmark} onClick={() => onShow(index - 1)}>
        ‹
      </button>
      <span className="bookmark-name" aria-live="polite">
        {current?.displayName ?? current?.name ?? ''}
        <span className="muted"> {messages.position(index + 1, bookmarks.length)}</span>
      </span>
      <button type="button" aria-label={messages.nextBookmark} onClick={() => onShow(index + 1)}>
        ›
      </button>
      <button type="button" className="bookmark-exit" onClick={onExit}>
        {messages.exitBookmarks}
      </button>
    </nav>
  );
}
