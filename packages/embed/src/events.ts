/**
 * Typed event maps: which events each embed kind raises and what their `detail` holds. `on()` takes only
 * these names, so a misspelt event fails to compile (and, as in powerbi-client, throws at run time).
 */
import type {
  ICavasItemsSelection,
  IError,
  IExportDataCompletedEvent,
  IFilter,
  IPage,
  IQnaVisualRenderedEvent,
  ISelection,
  ISwipeEvent,
  IVisual,
} from '@portico/models';
import type { Page } from './page.ts';

/** The DOM event an embed raises on its host element: `detail` is the frame's event body. */
export interface ICustomEvent<T> extends CustomEvent<T> {
  detail: T;
}

export type IEventHandler<T> = (event: ICustomEvent<T>) => unknown;

/** An event as the service routes it: the embed family, its unique id, the name and the body. */
export interface IEvent<T> {
  type: string;
  id: string;
  name: string;
  value: T;
}

export interface ISavedEvent {
  reportObjectId: string;
  reportName: string;
  saveAs: boolean;
}

export interface IButtonClickedEvent {
  id: string;
  title?: string;
  type?: string;
  bookmark?: { name: string; displayName?: string };
}

/** Raised by every embed kind. */
export interface EmbedEvents {
  loaded: unknown;
  saved: ISavedEvent;
  rendered: unknown;
  saveAsTriggered: unknown;
  error: IError;
  dataSelected: ISelection;
  buttonClicked: IButtonClickedEvent;
  info: unknown;
}

export interface IPageChangedEvent {
  newPage: Page;
  oldPage?: IPage;
}

export interface ICommandTriggeredEvent {
  command: string;
  title?: string;
  visual?: IVisual;
  page?: IPage;
  dataPoints?: ISelection['dataPoints'];
}

export interface IDataHyperlinkClickedEvent {
  url: string;
  visualId?: string;
  dataPoints?: ISelection['dataPoints'];
}

export interface ReportEvents extends EmbedEvents {
  filtersApplied: { filters?: IFilter[] } | null;
  pageChanged: IPageChangedEvent;
  commandTriggered: ICommandTriggeredEvent;
  swipeStart: ISwipeEvent;
  swipeEnd: ISwipeEvent;
  bookmarkApplied: { bookmarkName: string; bookmarkState?: string };
  dataHyperlinkClicked: IDataHyperlinkClickedEvent;
  visualRendered: { name: string } & Partial<IVisual>;
  visualClicked: { visual: IVisual; page?: IPage };
  selectionChanged: ICavasItemsSelection;
  renderingStarted: unknown;
  /** powerbi-client 2.24: the report lost the focus. */
  blur: unknown;
  /** powerbi-client 2.24: a visual's data export finished. */
  exportDataCompleted: IExportDataCompletedEvent;
}

export interface ITileClickedEvent {
  tileId?: string;
  navigationUrl?: string;
  reportEmbedUrl?: string;
  pageName?: string;
}

export interface DashboardEvents extends EmbedEvents {
  tileClicked: ITileClickedEvent;
}

export interface TileEvents extends EmbedEvents {
  tileClicked: ITileClickedEvent;
  tileLoaded: { timings?: Record<string, number> } | null;
}

export interface QnaEvents extends EmbedEvents {
  visualRendered: IQnaVisualRenderedEvent;
}

// The static `allowedEvents` arrays, in powerbi-client's order; `satisfies` keeps them in step with the maps.
export const EMBED_EVENTS = [
  'loaded',
  'saved',
  'rendered',
  'saveAsTriggered',
  'error',
  'dataSelected',
  'buttonClicked',
  'info',
] satisfies (keyof EmbedEvents)[];
export const REPORT_EVENTS = [
  'filtersApplied',
  'pageChanged',
  'commandTriggered',
  'swipeStart',
  'swipeEnd',
  'bookmarkApplied',
  'dataHyperlinkClicked',
  'visualRendered',
  'visualClicked',
  'selectionChanged',
  'renderingStarted',
  'blur',
  'exportDataCompleted',
] satisfies (keyof ReportEvents)[];
export const DASHBOARD_EVENTS = ['tileClicked', 'error'] satisfies (keyof DashboardEvents)[];
export const TILE_EVENTS = ['tileClicked', 'tileLoaded'] satisfies (keyof TileEvents)[];
export const QNA_EVENTS = ['loaded', 'visualRendered'] satisfies (keyof QnaEvents)[];

/** Dispatches the bubbling, cancelable `CustomEvent` an embed raises on its element. */
export function raiseCustomEvent(element: EventTarget, name: string, detail: unknown): void {
  element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, cancelable: true }));
}
