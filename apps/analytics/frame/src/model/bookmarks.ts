/**
 * Bookmarks: capturing the current view into a state string (`bookmark-state.ts`'s format) and applying one back
 * to the working definition and layout. Pure functions over the frame's state.
 */
import { LayoutType, VisualContainerDisplayMode } from '@portico/models';
import type { IFilter, ISettings } from '@portico/models';
import type { BookmarkState, ReportDefinition } from '@portico/analytics-model';
import { effectiveLayout, mergeSettings } from './layout.ts';

/** Everything a bookmark restores: the page, every level's filters (slicer selections too) and hidden visuals. */
export function captureState(
  definition: ReportDefinition,
  settings: ISettings,
  activePage: string | undefined,
): BookmarkState {
  const pageFilters: Record<string, readonly IFilter[]> = {};
  const visualFilters: Record<string, Record<string, readonly IFilter[]>> = {};
  const hiddenVisuals: Record<string, string[]> = {};
  for (const page of definition.pages) {
    pageFilters[page.name] = page.filters;
    const visuals: Record<string, readonly IFilter[]> = {};
    for (const visual of page.visuals) if (visual.filters.length > 0) visuals[visual.name] = visual.filters;
    visualFilters[page.name] = visuals;
    hiddenVisuals[page.name] = page.visuals
      .filter((v) => !effectiveLayout(settings, page, v).visible)
      .map((v) => v.name);
  }
  return {
    version: 1,
    ...(activePage === undefined ? {} : { activePage }),
    reportFilters: definition.filters,
    pageFilters,
    visualFilters,
    hiddenVisuals,
  };
}

/** The filters of every level (slicer selections too) as a state: what persistent filters save and restore. */
export function captureFilters(definition: ReportDefinition): BookmarkState {
  const { reportFilters, pageFilters, visualFilters } = captureState(definition, {}, undefined);
  return {
    version: 1,
    ...(reportFilters ? { reportFilters } : {}),
    ...(pageFilters ? { pageFilters } : {}),
    ...(visualFilters ? { visualFilters } : {}),
  };
}

/** The definition with a bookmark's filters: levels the state names are replaced, the others kept. */
export function applyStateToDefinition(definition: ReportDefinition, state: BookmarkState): ReportDefinition {
  return {
    ...definition,
    filters: state.reportFilters ? [...state.reportFilters] : definition.filters,
    pages: definition.pages.map((page) => {
      const visualFilters = state.visualFilters?.[page.name];
      return {
        ...page,
        filters: [...(state.pageFilters?.[page.name] ?? page.filters)],
        visuals: visualFilters
          ? page.visuals.map((v) => ({ ...v, filters: [...(visualFilters[v.name] ?? [])] }))
          : page.visuals,
      };
    }),
  };
}

/** The settings with a bookmark's hidden visuals (as a custom layout), when it names any page. */
export function applyStateToSettings(
  definition: ReportDefinition,
  settings: ISettings,
  state: BookmarkState,
): ISettings {
  const hidden = state.hiddenVisuals;
  if (!hidden) return settings;
  const pagesLayout: NonNullable<NonNullable<ISettings['customLayout']>['pagesLayout']> = {};
  for (const page of definition.pages) {
    const names = hidden[page.name];
    if (!names) continue;
    const visualsLayout: Record<string, { displayState: { mode: VisualContainerDisplayMode } }> = {};
    for (const visual of page.visuals) {
      const mode = names.includes(visual.name)
        ? VisualContainerDisplayMode.Hidden
        : VisualContainerDisplayMode.Visible;
      visualsLayout[visual.name] = { displayState: { mode } };
    }
    pagesLayout[page.name] = { visualsLayout };
  }
  const anyHidden = Object.values(hidden).some((names) => names.length > 0);
  if (!anyHidden && settings.layoutType !== LayoutType.Custom) return settings;
  return mergeSettings(settings, { layoutType: LayoutType.Custom, customLayout: { pagesLayout } });
}
