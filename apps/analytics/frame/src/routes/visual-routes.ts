/** Visuals (list with layout, export data) and bookmarks (list, apply by name, capture, apply state). */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { BookmarksPlayMode, validateApplyBookmarkByNameRequest } from '@portico/models';
import type { BookmarkState } from '@portico/analytics-model';
import { decodeBookmarkState, encodeBookmarkState } from '@portico/analytics-model';
import { applyStateToDefinition, applyStateToSettings, captureState } from '../model/bookmarks.ts';
import type { ReportController } from '../model/controller.ts';
import { badRequest, notFound } from '../model/errors.ts';
import { exportVisualCsv } from '../model/export-data.ts';
import { loaded, pageNamed, visualInfo, visualNamed } from './context.ts';
import {
  assertBookmarkFilters,
  assertValid,
  checkedBookmarkStateText,
  checkedExportRequest,
} from './edge-checks.ts';
import { activatePage } from './page-routes.ts';

/** Applies a bookmark's state: filters and hidden visuals, then its page (or a re-query of the current one). */
export function applyBookmark(controller: ReportController, state: BookmarkState, name?: string): void {
  const { definition } = loaded(controller);
  if (state.activePage !== undefined) pageNamed(definition, state.activePage);
  controller.update(({ selection: _s, ...s }) => ({
    ...s,
    definition: applyStateToDefinition(definition, state),
    settings: applyStateToSettings(definition, s.settings, state),
  }));
  if (state.activePage !== undefined && state.activePage !== controller.state.activePage) {
    activatePage(controller, state.activePage);
  } else {
    controller.requery();
  }
  controller.filtersChanged();
  controller.raise('bookmarkApplied', {
    bookmarkName: name ?? '',
    bookmarkState: encodeBookmarkState(state),
  });
}

/**
 * Presentation mode's step: applies the bookmark at `index` (wrapping around) and shows it in the navigator.
 *
 * @example showBookmark(controller, 0) // the first bookmark, as `play(Presentation)` starts
 */
export function showBookmark(controller: ReportController, index: number): void {
  const { bookmarks } = loaded(controller).definition;
  const count = bookmarks.length;
  if (count === 0) return;
  const at = ((index % count) + count) % count;
  const bookmark = bookmarks[at];
  const state = bookmark?.state === undefined ? undefined : decodeBookmarkState(bookmark.state);
  controller.update((s) => ({ ...s, bookmarkPlay: at }));
  if (bookmark && state) applyBookmark(controller, state, bookmark.name);
}

export function visualRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.getVisuals, ({ params }) => {
      const { definition, state } = loaded(controller);
      const page = pageNamed(definition, params.pageName);
      return page.visuals.map((visual) => visualInfo(state, page, visual));
    })
    .handle(Call.exportData, async ({ params, body }) => {
      const { definition, reportId } = loaded(controller);
      const page = pageNamed(definition, params.pageName);
      visualNamed(page, params.visualName);
      const request = checkedExportRequest(body);
      const data = await exportVisualCsv(controller, {
        reportId,
        page,
        visualName: params.visualName,
        ...request,
      });
      return { data };
    })
    .handle(Call.getBookmarks, () => loaded(controller).definition.bookmarks)
    .handle(Call.applyBookmark, ({ body }) => {
      loaded(controller);
      assertValid(validateApplyBookmarkByNameRequest(body ?? {}));
      const name = (body as { name?: unknown } | null)?.name;
      const bookmark = loaded(controller).definition.bookmarks.find((b) => b.name === name);
      if (typeof name !== 'string' || !bookmark) throw notFound('bookmark', String(name));
      const state = decodeBookmarkState(bookmark.state ?? '');
      if (!state) throw badRequest(`Bookmark '${name}' holds no state this frame can read.`);
      applyBookmark(controller, state, name);
      return null;
    })
    .handle(Call.playBookmarks, ({ body }) => {
      const { definition } = loaded(controller);
      const playMode = (body as { playMode?: unknown } | null)?.playMode;
      if (playMode === BookmarksPlayMode.Off) {
        controller.update(({ bookmarkPlay: _playing, ...s }) => s);
        return null;
      }
      if (playMode !== BookmarksPlayMode.Presentation) {
        throw badRequest('playMode must be Off (0) or Presentation (1).');
      }
      if (definition.bookmarks.length === 0) throw badRequest('This report has no bookmarks to play.');
      showBookmark(controller, 0);
      return null;
    })
    .handle(Call.captureBookmark, () => {
      const { definition, state } = loaded(controller);
      const captured = captureState(definition, state.settings, state.activePage);
      return {
        name: `captured-${Date.now()}`,
        displayName: 'Captured view',
        state: encodeBookmarkState(captured),
      };
    })
    .handle(Call.applyBookmarkState, ({ body }) => {
      loaded(controller);
      const state = decodeBookmarkState(checkedBookmarkStateText(body));
      if (!state) throw badRequest('state is not a bookmark state captured by this frame.');
      assertBookmarkFilters(controller, state);
      applyBookmark(controller, state);
      return null;
    });
}
