/**
 * A report's bookmarks: list them, apply one by name or by captured state, capture the current state,
 * and enter or leave presentation (play) mode. Get it from `report.bookmarksManager`.
 */
import type { BookmarksPlayMode, ICaptureBookmarkOptions, IReportBookmark } from '@portico/models';
import { Call } from '@portico/protocol';
import type { Embed } from './embed.ts';
import type { IHttpPostMessageResponse } from './types.ts';

type Reply = Promise<IHttpPostMessageResponse<void>>;

export class BookmarksManager {
  constructor(private readonly report: Embed) {}

  getBookmarks(): Promise<IReportBookmark[]> {
    return this.report._ask(Call.getBookmarks, null, true);
  }

  apply(bookmarkName: string): Reply {
    return this.report._send(Call.applyBookmark, { name: bookmarkName }, true);
  }

  play(playMode: BookmarksPlayMode): Reply {
    return this.report._send(Call.playBookmarks, { playMode }, true);
  }

  capture(options?: ICaptureBookmarkOptions): Promise<IReportBookmark> {
    return this.report._ask(Call.captureBookmark, { options: options ?? {} }, true);
  }

  applyState(state: string): Reply {
    return this.report._send(Call.applyBookmarkState, { state }, true);
  }
}
