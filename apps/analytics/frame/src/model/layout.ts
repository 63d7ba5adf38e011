/**
 * Where visuals go: the definition's layout, overridden by the settings' `customLayout` when the layout type is
 * Custom (the SDK's move, resize, hide/show and single-visual embed all arrive that way), and the page's scale for
 * its display option and zoom.
 */
import {
  DisplayOption,
  FiltersPanePosition,
  LayoutType,
  PageSizeType,
  VisualContainerDisplayMode,
} from '@portico/models';
import type { ICustomLayout, ICustomPageSize, ISettings, IVisualLayout } from '@portico/models';
import type { ReportPage, ReportVisual, VisualLayout } from '@portico/analytics-model';

/** A visual's box on the page, in page units, and whether it shows. */
export interface PlacedVisual {
  readonly visual: ReportVisual;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly width: number;
  readonly height: number;
  readonly visible: boolean;
}

const customLayoutOf = (settings: ISettings): ICustomLayout | undefined =>
  settings.layoutType === LayoutType.Custom ? settings.customLayout : undefined;

/** The layout of `visual` after the custom layout's page default and its own entry. */
export function effectiveLayout(settings: ISettings, page: ReportPage, visual: ReportVisual): PlacedVisual {
  const pageLayout = customLayoutOf(settings)?.pagesLayout?.[page.name];
  const base: VisualLayout = visual.layout;
  const override: IVisualLayout = {
    ...pageLayout?.defaultLayout,
    ...pageLayout?.visualsLayout[visual.name],
  };
  const mode = override.displayState?.mode ?? base.displayState.mode;
  return {
    visual,
    x: override.x ?? base.x,
    y: override.y ?? base.y,
    z: override.z ?? base.z,
    width: override.width ?? base.width,
    height: override.height ?? base.height,
    visible: mode !== VisualContainerDisplayMode.Hidden,
  };
}

/** True for the two mobile layout types (a phone's portrait or landscape screen). */
export const isMobileLayout = (settings: ISettings): boolean =>
  settings.layoutType === LayoutType.MobilePortrait || settings.layoutType === LayoutType.MobileLandscape;

/** Page width of the mobile layouts, in page units: a phone held upright or sideways. */
export const MOBILE_WIDTH = { portrait: 360, landscape: 640 } as const;
/** The most a mobile layout is scaled up in a wide frame (a 360-unit page shows at most 540 pixels wide). */
export const MOBILE_MAX_SCALE = 1.5;
const MOBILE_GAP = 8;
const MOBILE_MIN_HEIGHT = 96;

const mobileWidth = (settings: ISettings): number =>
  settings.layoutType === LayoutType.MobileLandscape ? MOBILE_WIDTH.landscape : MOBILE_WIDTH.portrait;

/**
 * The mobile layout of a page: its shown visuals stacked in one column in reading order (top to bottom, then left
 * to right), each the full width of the phone and as tall as its aspect ratio makes it (at least 96 units, at most
 * the phone's width, so a tall table never fills the screen).
 */
function mobileVisuals(settings: ISettings, page: ReportPage): PlacedVisual[] {
  const width = mobileWidth(settings);
  const shown = page.visuals
    .filter((v) => v.layout.displayState.mode !== VisualContainerDisplayMode.Hidden)
    .map((visual, index) => ({ visual, index }))
    .sort(
      (a, b) =>
        a.visual.layout.y - b.visual.layout.y || a.visual.layout.x - b.visual.layout.x || a.index - b.index,
    );
  let y = 0;
  const placed = shown.map(({ visual }) => {
    const { width: w, height: h } = visual.layout;
    const height = Math.round(Math.min(Math.max((h * width) / Math.max(w, 1), MOBILE_MIN_HEIGHT), width));
    const box: PlacedVisual = { visual, x: 0, y, z: 0, width, height, visible: true };
    y += height + MOBILE_GAP;
    return box;
  });
  const hidden = page.visuals
    .filter((v) => v.layout.displayState.mode === VisualContainerDisplayMode.Hidden)
    .map((visual): PlacedVisual => ({ visual, ...visual.layout, visible: false }));
  return [...placed, ...hidden];
}

/**
 * Every visual of the page, placed, in paint order (z, then definition order); in a mobile layout, stacked in one
 * column.
 */
export function placeVisuals(settings: ISettings, page: ReportPage): PlacedVisual[] {
  if (isMobileLayout(settings)) return mobileVisuals(settings, page);
  return page.visuals
    .map((visual) => effectiveLayout(settings, page, visual))
    .map((placed, index) => ({ placed, index }))
    .sort((a, b) => a.placed.z - b.placed.z || a.index - b.index)
    .map(({ placed }) => placed);
}

/** The page's size in page units: a custom page size from the settings, else the definition's. */
export function pageSize(settings: ISettings, page: ReportPage): { width: number; height: number } {
  if (isMobileLayout(settings)) {
    const shown = mobileVisuals(settings, page).filter((p) => p.visible);
    const last = shown.at(-1);
    return { width: mobileWidth(settings), height: last ? last.y + last.height : MOBILE_MIN_HEIGHT };
  }
  const size = customLayoutOf(settings)?.pageSize as ICustomPageSize | undefined;
  if (size?.type === PageSizeType.Custom && size.width && size.height) {
    return { width: size.width, height: size.height };
  }
  return { width: page.width, height: page.height };
}

export function displayOption(settings: ISettings, page: ReportPage): DisplayOption {
  // A phone scrolls the stacked page: it fits the width, never the height.
  if (isMobileLayout(settings)) return DisplayOption.FitToWidth;
  return customLayoutOf(settings)?.displayOption ?? page.displayOption;
}

/**
 * How many pixels a page unit takes in a canvas of `available` pixels.
 *
 * @example pageScale(DisplayOption.FitToWidth, { width: 1280, height: 720 }, { width: 640, height: 900 }) // → 0.5
 */
export function pageScale(
  option: DisplayOption,
  page: { width: number; height: number },
  available: { width: number; height: number },
  zoomLevel = 1,
): number {
  const fit =
    option === DisplayOption.ActualSize
      ? 1
      : option === DisplayOption.FitToWidth
        ? available.width / page.width
        : Math.min(available.width / page.width, available.height / page.height);
  return Math.max(fit, 0.01) * zoomLevel;
}

/**
 * Settings after a `PATCH /report/settings`: panes and custom layouts are merged (page by page, visual by visual)
 * so a move of one visual keeps the layout of the others.
 */
export function mergeSettings(current: ISettings, patch: ISettings): ISettings {
  const merged: ISettings = { ...current, ...patch };
  if (patch.panes) {
    // Each pane merges property by property: `{ panes: { filters: { expanded: false } } }` keeps it visible.
    const panes: Record<string, unknown> = { ...current.panes };
    for (const [name, pane] of Object.entries(patch.panes)) {
      const before = panes[name];
      panes[name] =
        typeof pane === 'object' && pane !== null && typeof before === 'object' && before !== null
          ? { ...before, ...pane }
          : pane;
    }
    merged.panes = panes as NonNullable<ISettings['panes']>;
  }
  if (patch.customLayout) {
    const pages = { ...current.customLayout?.pagesLayout };
    for (const [name, layout] of Object.entries(patch.customLayout.pagesLayout ?? {})) {
      const before = pages[name];
      const visuals = { ...before?.visualsLayout };
      for (const [visual, entry] of Object.entries(layout.visualsLayout)) {
        visuals[visual] = { ...visuals[visual], ...entry };
      }
      pages[name] = {
        ...before,
        ...layout,
        visualsLayout: visuals,
      };
    }
    merged.customLayout = { ...current.customLayout, ...patch.customLayout, pagesLayout: pages };
  }
  return merged;
}

/** The side of the canvas the filter pane is drawn on: Portico's `panes.filters.position`, the right when absent. */
export function filterPaneSide(settings: ISettings): 'left' | 'right' {
  return settings.panes?.filters?.position === FiltersPanePosition.Left ? 'left' : 'right';
}

/** Whether the filter pane and the page navigation show, from the old flags and the newer `panes`. */
export function panesShown(settings: ISettings): { filters: boolean; pageNavigation: boolean } {
  return {
    filters: settings.panes?.filters?.visible ?? settings.filterPaneEnabled ?? true,
    pageNavigation: settings.panes?.pageNavigation?.visible ?? settings.navContentPaneEnabled ?? true,
  };
}
