/** The frame's state: what is loaded, how it is laid out, and each visual's latest answer. */
import type { ISettings } from '@portico/models';
import type {
  CrossFilter,
  Dataset,
  FieldRef,
  QueryAnswer,
  ReportCaptions,
  ReportDefinition,
  ReportPage,
  ReportVisual,
} from '@portico/analytics-model';
import type { ReportInfo, Session } from '../api/frame-api.ts';
import type { MenuKind } from './menus.ts';

export type VisualResult =
  | { readonly status: 'loading'; readonly answer?: QueryAnswer }
  | { readonly status: 'ready'; readonly answer: QueryAnswer }
  | { readonly status: 'error'; readonly message: string };

/** The clicked data point: the cross-filter it makes and the category it highlights in its own visual. */
export interface Selection extends CrossFilter {
  readonly category: string;
}

/** A visual's menu the user opened: where (in pixels within the visual) and on which data point, if any. */
export interface OpenMenu {
  readonly visual: string;
  readonly kind: MenuKind;
  readonly x: number;
  readonly y: number;
  readonly category?: string;
}

/** One drill-down step: the category field drilled from and the value drilled into. */
export interface DrillStep {
  readonly field: FieldRef;
  readonly value: string | number | boolean;
}

export interface Notice {
  readonly text: string;
  readonly tone: 'info' | 'error';
  /** Tells two equal messages apart, so the second one shows again. */
  readonly id: number;
}

export interface FrameState {
  /** waiting for the host's load, loading, loaded (prepared or rendering), or failed with a message. */
  readonly status: 'waiting' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
  readonly session?: Session;
  readonly report?: ReportInfo;
  readonly dataset?: Dataset;
  /** The working definition: filters, pages and layout edits go here; `save` persists it. */
  readonly definition?: ReportDefinition;
  /**
   * The captions shown in the embed's language and the definition they were applied to (its default captions): a
   * save puts back every caption still showing its translation (`definitionToSave`).
   */
  readonly captions?: { readonly captions: ReportCaptions; readonly defaults: ReportDefinition };
  /** JSON of the definition as last loaded or saved, for hasUnsavedChanges. */
  readonly savedJson?: string;
  readonly settings: ISettings;
  readonly activePage?: string | undefined;
  /** False between a phased `prepare` and `render`. */
  readonly rendering: boolean;
  readonly viewMode: 'view' | 'edit';
  readonly theme?: Readonly<Record<string, unknown>>;
  readonly selection?: Selection;
  /** Answers of the active page's visuals, by visual name. */
  readonly results: Readonly<Record<string, VisualResult>>;
  /** Persistent filters: the viewer's saved state string (filters only), if any. */
  readonly userState?: string;
  /** The filters as loaded (the report's and the load config's), as a state string: what a reset goes back to. */
  readonly defaultFilters?: string;
  /** Bookmarks played in presentation mode: the index of the bookmark shown; the bookmark navigator shows. */
  readonly bookmarkPlay?: number;
  /** The visual menu on screen (an overlay `closeAllOverlays` closes). */
  readonly openMenu?: OpenMenu;
  /** Visuals of the active page shown as a table (the menus' "Show as a table"). */
  readonly tableViews?: readonly string[];
  /** The visual in spotlight: the others are dimmed. */
  readonly spotlight?: string;
  /** Visuals of the active page drilled down, by name: the categories drilled through, from the top. */
  readonly drill?: Readonly<Record<string, readonly DrillStep[]>>;
  /** A short message of the frame's own (a copy done or refused), shown until the next one or a timeout. */
  readonly notice?: Notice;
  /** Increases with each query pass; `rendered` is raised once per pass. */
  readonly generation: number;
}

export const INITIAL_STATE: FrameState = {
  status: 'waiting',
  settings: {},
  rendering: false,
  viewMode: 'view',
  results: {},
  generation: 0,
};

export function activePageOf(state: FrameState): ReportPage | undefined {
  return state.definition?.pages.find((p) => p.name === state.activePage);
}

export function findVisual(page: ReportPage | undefined, name: string): ReportVisual | undefined {
  return page?.visuals.find((v) => v.name === name);
}
