/** What every report route needs first: a loaded report, a live token, and the page or visual it names. */
import { FrameError } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import type { IPage, IVisual } from '@portico/models';
import type { ReportDefinition, ReportPage, ReportVisual } from '@portico/analytics-model';
import type { ReportController } from '../model/controller.ts';
import { errorBody, notFound } from '../model/errors.ts';
import { effectiveLayout, isMobileLayout, placeVisuals } from '../model/layout.ts';
import type { FrameState } from '../model/state.ts';

export interface Loaded {
  readonly state: FrameState;
  readonly definition: ReportDefinition;
  readonly reportId: string;
}

/** The loaded report, or the error a call before load (or with an expired token) answers. */
export function loaded(controller: ReportController): Loaded {
  const state = controller.state;
  const { definition, report } = state;
  controller.session.requireLoaded(
    state.status === 'loaded' && definition !== undefined && report !== undefined,
  );
  return { state, definition, reportId: report.id };
}

export function pageNamed(definition: ReportDefinition, name: string): ReportPage {
  const page = definition.pages.find((p) => p.name === name);
  if (!page) throw notFound('page', name);
  return page;
}

export function visualNamed(page: ReportPage, name: string): ReportVisual {
  const visual = page.visuals.find((v) => v.name === name);
  if (!visual) {
    throw new FrameError(404, errorBody('visualNotFound', 'Visual not found', CommonErrorCodes.NotFound));
  }
  return visual;
}

/** A page as the SDK reads it (`IPage`). */
export function pageInfo(page: ReportPage, activePage: string | undefined): IPage {
  return {
    name: page.name,
    displayName: page.displayName,
    isActive: page.name === activePage,
    visibility: page.visibility,
    defaultSize: { type: 4, width: page.width, height: page.height },
    defaultDisplayOption: page.displayOption,
  };
}

/** A visual as the SDK reads it (`IVisual` with its layout after the custom or mobile layout). */
export function visualInfo(state: FrameState, page: ReportPage, visual: ReportVisual): IVisual {
  const mobile = isMobileLayout(state.settings)
    ? placeVisuals(state.settings, page).find((p) => p.visual.name === visual.name)
    : undefined;
  const placed = mobile ?? effectiveLayout(state.settings, page, visual);
  return {
    name: visual.name,
    title: visual.title,
    type: visual.type,
    layout: {
      x: placed.x,
      y: placed.y,
      z: placed.z,
      width: placed.width,
      height: placed.height,
      displayState: { mode: placed.visible ? 0 : 1 },
    },
  };
}

/** Replaces one page of a definition. */
export function withPage(
  definition: ReportDefinition,
  name: string,
  change: (page: ReportPage) => ReportPage,
): ReportDefinition {
  return { ...definition, pages: definition.pages.map((p) => (p.name === name ? change(p) : p)) };
}

/** Replaces one visual of one page of a definition. */
export function withVisual(
  definition: ReportDefinition,
  pageName: string,
  visualName: string,
  change: (visual: ReportVisual) => ReportVisual,
): ReportDefinition {
  return withPage(definition, pageName, (page) => ({
    ...page,
    visuals: page.visuals.map((v) => (v.name === visualName ? change(v) : v)),
  }));
}
