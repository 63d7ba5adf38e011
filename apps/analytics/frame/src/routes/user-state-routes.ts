/**
 * Persistent filters (`userState`): save the viewer's filters in the service, reset them to the report's, and tell
 * whether the report shows the saved ones. With `persistentFiltersEnabled` a load restores them and every filter
 * change saves them (controller.ts).
 */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { decodeBookmarkState, encodeBookmarkState } from '@portico/analytics-model';
import { applyStateToDefinition, captureFilters } from '../model/bookmarks.ts';
import type { ReportController } from '../model/controller.ts';
import { loaded } from './context.ts';

/** The current filters of every level as a state string. */
const currentFilters = (controller: ReportController): string =>
  encodeBookmarkState(captureFilters(loaded(controller).definition));

export function userStateRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.savePersistentFilters, async () => {
      loaded(controller);
      controller.cancelPersist();
      try {
        await controller.persistFilters();
      } catch (error) {
        throw controller.fail(error);
      }
      return null;
    })
    .handle(Call.resetPersistentFilters, async () => {
      const { reportId, state } = loaded(controller);
      controller.cancelPersist();
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
      // The report shows the viewer's own saved filters, and they differ from the report's.
      const { state } = loaded(controller);
      const current = currentFilters(controller);
      return state.userState === current && current !== state.defaultFilters;
    });
}
