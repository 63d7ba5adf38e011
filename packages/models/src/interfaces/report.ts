/**
 * What the frame answers with and raises: errors, pages, visuals, bookmarks, exported data and event payloads,
 * and the request bodies of the page, visual, bookmark and theme calls.
 */
import type {
  BookmarksPlayMode,
  DisplayOption,
  ExportDataCompletedStatus,
  ExportDataResultFormat,
  ExportDataResultType,
  ExportDataType,
  SectionVisibility,
  SortDirection,
  TraceType,
  VisualDataRoleKind,
  VisualDataRoleKindPreference,
} from '../enums.ts';
import type {
  IBetweenDataReference,
  IEqualsDataReference,
  IFilter,
  IIdentityValue,
  ITarget,
} from './filters.ts';
import type { ICustomPageSize, IVisualLayout } from './settings.ts';

export interface KeyValuePair {
  key: string;
  value: string;
}

export interface ITechnicalDetails {
  requestId?: string;
  errorInfo?: KeyValuePair[];
}

/**
 * An error as the frame and the validators report it. Validation errors carry `path` (dotted, e.g.
 * `settings.filterPaneEnabled`) and `keyword` (`required`, `type`, `invalid`, `forbidden` or `range`).
 */
export interface IError {
  message: string;
  path?: string;
  keyword?: string;
  detailedMessage?: string;
  errorCode?: string;
  level?: TraceType;
  technicalDetails?: ITechnicalDetails;
}

export interface IReport {
  id: string;
  displayName: string;
}

export interface IPageBackground {
  color?: string;
  transparency?: number;
}

export type IPageWallpaper = IPageBackground;

export interface IPage {
  /** Unique name of the page. */
  name: string;
  displayName: string;
  isActive?: boolean;
  /** Defaults to `SectionVisibility.AlwaysVisible`. */
  visibility?: SectionVisibility;
  /** Page size as saved in the report. */
  defaultSize?: ICustomPageSize;
  mobileSize?: ICustomPageSize;
  /** Display option as saved in the report. */
  defaultDisplayOption?: DisplayOption;
  background?: IPageBackground;
  wallpaper?: IPageWallpaper;
}

export interface IVisual {
  name: string;
  title: string;
  type: string;
  layout?: IVisualLayout;
}

// Bookmarks

export interface IReportBookmark {
  name: string;
  displayName: string;
  state?: string;
  children?: IReportBookmark[];
}

/** The spec's name for a report bookmark. */
export type IBookmark = IReportBookmark;

export interface ICaptureBookmarkOptions {
  personalizeVisuals?: boolean;
  allPages?: boolean;
}

export interface IPlayBookmarkRequest {
  playMode: BookmarksPlayMode;
}

export interface IAddBookmarkRequest {
  state?: string;
  displayName?: string;
  apply?: boolean;
}

export interface IApplyBookmarkStateRequest {
  state: string;
}

export interface IApplyBookmarkByNameRequest {
  name: string;
}

export type IApplyBookmarkRequest = IApplyBookmarkStateRequest | IApplyBookmarkByNameRequest;

export interface ICaptureBookmarkRequest {
  options: ICaptureBookmarkOptions;
}

// Export, themes and visual editing

export interface IExportDataRequest {
  rows?: number;
  exportDataType?: ExportDataType;
}

export interface IExportDataResult {
  data: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- any theme object; kept for compatibility
export interface IReportTheme {}

export interface ICustomTheme extends IReportTheme {
  themeJson: object;
}

/** Short name for a custom theme. */
export type ITheme = ICustomTheme;

export interface ICreateVisualRequest {
  visualType: string;
  layout?: IVisualLayout;
  autoFocus?: boolean;
}

export interface IVisualResponse {
  visual: IVisual;
}

export type ICreateVisualResponse = IVisualResponse;

export interface ICloneVisualRequest {
  /** Filters of the new visual; the source visual's by default. */
  filters?: IFilter[];
  /** Layout of the new visual; by default an empty spot on the canvas. */
  layout?: IVisualLayout;
  autoFocus?: boolean;
}

export interface ICloneVisualResponse extends IVisualResponse {
  visualName: string;
}

export interface ISortByVisualRequest {
  orderBy: ITarget;
  direction: SortDirection;
}

export interface IVisualDataRole {
  name: string;
  kind: VisualDataRoleKind;
  kindPreference?: VisualDataRoleKindPreference;
  displayName?: string;
  description?: string;
}

export interface IVisualCapabilities {
  dataRoles?: IVisualDataRole[];
}

export interface IVisualPropertySelector {
  objectName: string;
  propertyName: string;
}

export interface IVisualPropertyValue {
  schema?: string;
  value: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- marker for "the default value"
export interface IDefaultProperty {}

export interface IThemeColorProperty {
  id: number;
  shade: number;
}

// Event payloads

export interface IQnaVisualRenderedEvent {
  question: string;
  normalizedQuestion?: string;
}

export interface IVisualCustomCommandEvent {
  visualName: string;
  command: string;
}

export interface ISelection {
  visual: IVisual;
  page: IPage;
  report: IReport;
  dataPoints: IIdentityValue<IEqualsDataReference>[];
  regions: IIdentityValue<IEqualsDataReference | IBetweenDataReference>[];
  filters: IFilter[];
}

export type ISelectable = IVisual;

export interface ICavasItemsSelection extends ISelection {
  selectedItems?: ISelectable[];
}

export interface IPosition {
  x: number;
  y: number;
}

export interface ISwipeEvent {
  currentPosition: IPosition;
  startPosition: IPosition;
}

/** powerbi-models 2.x: the body of a report's `exportDataCompleted` event. */
export interface IExportDataCompletedEvent {
  status: ExportDataCompletedStatus;
  exportDataType: ExportDataResultType;
  exportFormat: ExportDataResultFormat;
  pageName: string;
  visualName: string;
}

/** powerbi-models 2.x: what `getSmartNarrativeInsights()` of a page or visual resolves with. */
export interface ISmartNarratives {
  summaryText: string;
}
