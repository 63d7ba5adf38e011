/** Presentation mode's bookmark bar: the bookmark shown, the previous and next ones, and a way out. */
import type { IReportBookmark } from '@portico/models';

interface Props {
  readonly bookmarks: readonly IReportBookmark[];
  readonly index: number;
  readonly onShow: (index: number) => void;
  readonly onExit: () => void;
}

export function BookmarkNavigator({ bookmarks, index, onShow, onExit }: Props) {
  const current = bookmarks[index];
  return (
    <nav className="bookmark-bar" aria-label="Bookmarks">
      <button type="button" aria-label="Previous bookmark" onClick={() => onShow(index - 1)}>
        ‹
      </button>
      <span className="bookmark-name" aria-live="polite">
        {current?.displayName ?? current?.name ?? ''}
        <span className="muted">
          {' '}
          ({index + 1} of {bookmarks.length})
        </span>
      </span>
      <button type="button" aria-label="Next bookmark" onClick={() => onShow(index + 1)}>
        ›
      </button>
      <button type="button" className="bookmark-exit" onClick={onExit}>
        Exit
      </button>
    </nav>
  );
}
