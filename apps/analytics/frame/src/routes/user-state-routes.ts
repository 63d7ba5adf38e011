/**
 * Persistent filters (`userState`): save the viewer's filters in the service, reset them to the report's, and tell
 * whether the report shows the saved ones. A load with `persistentFiltersEnabled` restores them (controller.ts).
 */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { decodeBookmarkState, encodeBookmarkState } from '../../../src/content/bookmark-state.ts';
import { applyStateToDefinition, captureFilters } from '../model/bookmarks.ts';
import type { ReportController } from '../model/controller.ts';
import { loaded } from './context.ts';

/** The current filters of every level as a state string. */
const currentFilters = (controller: ReportController): string =>
  encodeBookmarkState(captureFilters(loaded(controller).definition));

export function userStateRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.savePersistentFilters, async () => {
      const { reportId } = loaded(controller);
      const state = currentFilters(controller);
      try {
        await controller.api.saveUserState(reportId, state);
      } catch (error) {
        throw controller.fail(error);
      }
      controller.update((s) => ({ ...s, userState: state }));
      return null;
    })
    .handle(Call.resetPersistentFilters, async () => {
      const { reportId, state } = loaded(controller);
      try {
        await controller.api.resetUserState(reportId);
      } catch (error) {
        throw controller.fail(error);
      }
      const defaults =
        state.defaultFilters === undefined ? undefined : decodeBookmarkState(state.defaultFilters);
      controller.update(({ userState: _saved, ...s }) => s);
      if (defaults) {
        controller.editDefinition((d) => applyStateToDefinition(d, defaults));
        controller.raise('filtersApplied', { filters: loaded(controller).definition.filters });
      }
      return null;
    })
    .handle(Call.arePersistentFiltersApplied, () => {
      const { state } = loaded(controller);
      return state.userState !== undefined && state.userState === currentFilters(controller);
    });
}
