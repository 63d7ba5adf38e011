/**
 * Every enumeration of the object model, with the numeric and string values the frame expects on the wire.
 *
 * These are real TypeScript enums (not `as const` objects) so that reverse look-ups such as
 * `ViewMode[1] === 'Edit'` keep working for code written against powerbi-models. Bundlers mark each enum
 * as pure, so an unused one costs nothing.
 */

export enum TraceType {
  Information = 0,
  Verbose = 1,
  Warning = 2,
  Error = 3,
  ExpectedError = 4,
  UnexpectedError = 5,
  Fatal = 6,
}

export enum PageSizeType {
  Widescreen,
  Standard,
  Cortana,
  Letter,
  Custom,
  Mobile,
}

export enum DisplayOption {
  FitToPage,
  FitToWidth,
  ActualSize,
}

export enum BackgroundType {
  Default,
  Transparent,
}

export enum VisualContainerDisplayMode {
  Visible,
  Hidden,
}

/** Report layout; `Master` is the default. */
export enum LayoutType {
  Master,
  Custom,
  MobilePortrait,
  MobileLandscape,
}

export enum HyperlinkClickBehavior {
  Navigate,
  NavigateAndRaiseEvent,
  RaiseEvent,
}

export enum ReportAlignment {
  Left,
  Center,
  Right,
  None,
}

export enum SectionVisibility {
  AlwaysVisible,
  HiddenInViewMode,
}

/** Bit flags: `All` is `ReadWrite | Copy | Create`. */
export enum Permissions {
  Read = 0,
  ReadWrite = 1,
  Copy = 2,
  Create = 4,
  All = 7,
}

export enum ViewMode {
  View,
  Edit,
}

export enum TokenType {
  Aad,
  Embed,
}

export enum ContrastMode {
  None,
  HighContrast1,
  HighContrast2,
  HighContrastBlack,
  HighContrastWhite,
}

export enum MenuLocation {
  Bottom,
  Top,
}

export enum FiltersOperations {
  RemoveAll,
  ReplaceAll,
  Add,
  Replace,
}

export enum FiltersLevel {
  Report,
  Page,
  Visual,
}

export enum FilterType {
  Advanced = 0,
  Basic = 1,
  Unknown = 2,
  IncludeExclude = 3,
  RelativeDate = 4,
  TopN = 5,
  Tuple = 6,
  RelativeTime = 7,
  Identity = 8,
  Hierarchy = 9,
  /** powerbi-models 2.x: a hierarchy filter over identities (`HierarchyIdentityFilter`). */
  HierarchyIdentity = 10,
}

/** Units of relative date filters (`Days`…`CalendarYears`) and relative time filters (`Minutes`, `Hours`). */
export enum RelativeDateFilterTimeUnit {
  Days = 0,
  Weeks = 1,
  CalendarWeeks = 2,
  Months = 3,
  CalendarMonths = 4,
  Years = 5,
  CalendarYears = 6,
  Minutes = 7,
  Hours = 8,
}

export enum RelativeDateOperators {
  InLast = 0,
  InThis = 1,
  InNext = 2,
}

export enum CredentialType {
  NoConnection,
  OnBehalfOf,
  Anonymous,
}

export enum DataCacheMode {
  Import,
  DirectQuery,
}

export enum AggregateFunction {
  Default = 1,
  None = 2,
  Sum = 3,
  Min = 4,
  Max = 5,
  Count = 6,
  Average = 7,
  DistinctCount = 8,
}

export enum BrowserPrintAdjustmentsMode {
  Default,
  NoAdjustments,
}

export enum PageNavigationPosition {
  Bottom,
  Left,
}

export enum QnaMode {
  Interactive,
  ResultOnly,
}

export enum ExportDataType {
  Summarized,
  Underlying,
}

/** powerbi-models 2.x: what an `exportDataCompleted` event exported (`IExportDataCompletedEvent`). */
export enum ExportDataResultType {
  Summarized,
  Underlying,
  DataWithCurrentLayout,
}

/** powerbi-models 2.x: the file format of an `exportDataCompleted` event. */
export enum ExportDataResultFormat {
  Csv,
  Xlsx,
}

/** powerbi-models 2.x: whether the export of an `exportDataCompleted` event succeeded. */
export enum ExportDataCompletedStatus {
  Succeeded,
  Failed,
}

/**
 * powerbi-models 2.x: how a quick-create report starts (`IQuickCreateConfiguration.reportCreationMode`).
 * A `const enum` there (no runtime object); a real enum here, so isolated-module builds can use it too.
 */
export enum ReportCreationMode {
  Default = 'Default',
  QuickExplore = 'QuickExplore',
}

/** powerbi-models 2.x: the data types of a quick-create table column (`IColumnSchema.dataType`). */
export enum DataType {
  Number = 'Number',
  Currency = 'Currency',
  Int32 = 'Int32',
  Percentage = 'Percentage',
  DateTime = 'DateTime',
  DateTimeZone = 'DateTimeZone',
  Date = 'Date',
  Time = 'Time',
  Duration = 'Duration',
  Text = 'Text',
  Logical = 'Logical',
  Binary = 'Binary',
}

export enum BookmarksPlayMode {
  Off,
  Presentation,
}

export enum SortDirection {
  Ascending = 1,
  Descending = 2,
}

export enum CommandDisplayOption {
  Enabled,
  Disabled,
  Hidden,
}

export enum VisualDataRoleKind {
  /** Bound to something that evaluates to a grouping of values. */
  Grouping = 0,
  /** Bound to something that evaluates to a single value in a scope. */
  Measure = 1,
  /** Either of the above. */
  GroupingOrMeasure = 2,
}

/** Which kind a `GroupingOrMeasure` role prefers. */
export enum VisualDataRoleKindPreference {
  Measure = 0,
  Grouping = 1,
}

/**
 * Error codes the frame puts in `IError.errorCode`; compare with `error.errorCode === CommonErrorCodes.NotFound`.
 * A plain object (as in powerbi-models), not an enum: these are the frame's own strings.
 */
export const CommonErrorCodes = {
  TokenExpired: 'TokenExpired',
  NotFound: 'PowerBIEntityNotFound',
  InvalidParameters: 'Invalid parameters',
  LoadReportFailed: 'LoadReportFailed',
  NotAuthorized: 'PowerBINotAuthorizedException',
  FailedToLoadModel: 'ExplorationContainer_FailedToLoadModel_DefaultDetails',
} as const;

export const TextAlignment = {
  Left: 'left',
  Center: 'center',
  Right: 'right',
} as const;

export const LegendPosition = {
  Top: 'Top',
  Bottom: 'Bottom',
  Right: 'Right',
  Left: 'Left',
  TopCenter: 'TopCenter',
  BottomCenter: 'BottomCenter',
  RightCenter: 'RightCenter',
  LeftCenter: 'LeftCenter',
} as const;
