/**
 * Every enumeration of the object model, with the numeric and string values the frame expects on the wire.
 *
 * Each behaves as the TypeScript enum of powerbi-models does, reverse look-ups included (`ViewMode[1] === 'Edit'`),
 * but is built at run time from its member names (`numeric`), which takes a third of the bytes of the code
 * `enum` compiles to. The types stay real enums: each `declare enum …Enum` (no code) gives the member types,
 * `export type ViewMode` the enum type, and `namespace ViewMode` the member types by name (`ViewMode.Edit`).
 */
/* eslint-disable @typescript-eslint/no-namespace -- type-only namespaces give `ViewMode.Edit` as a type, as an enum does */

/**
 * A numeric enum object as TypeScript emits it: `numeric('View Edit')` is `{ View: 0, Edit: 1, 0: 'View', 1: 'Edit' }`;
 * `values` gives the numbers when they are not 0, 1, 2…
 */
function numeric<T>(names: string, values?: number[]): T {
  const target: Record<string, string | number> = {};
  names.split(' ').forEach((name, index) => {
    const value = values?.[index] ?? index;
    target[name] = value;
    target[value] = name;
  });
  return target as T;
}

/** A string enum object: `strings('A B')` is `{ A: 'A', B: 'B' }` (no reverse mapping, as TypeScript emits). */
function strings<T>(names: string): T {
  return Object.fromEntries(names.split(' ').map((name) => [name, name])) as T;
}

declare enum TraceTypeEnum {
  Information = 0,
  Verbose = 1,
  Warning = 2,
  Error = 3,
  ExpectedError = 4,
  UnexpectedError = 5,
  Fatal = 6,
}
export const TraceType = /* @__PURE__ */ numeric<typeof TraceTypeEnum>(
  'Information Verbose Warning Error ExpectedError UnexpectedError Fatal',
);
export type TraceType = TraceTypeEnum;
export declare namespace TraceType {
  type Information = TraceTypeEnum.Information;
  type Verbose = TraceTypeEnum.Verbose;
  type Warning = TraceTypeEnum.Warning;
  type Error = TraceTypeEnum.Error;
  type ExpectedError = TraceTypeEnum.ExpectedError;
  type UnexpectedError = TraceTypeEnum.UnexpectedError;
  type Fatal = TraceTypeEnum.Fatal;
}

declare enum PageSizeTypeEnum {
  Widescreen = 0,
  Standard = 1,
  Cortana = 2,
  Letter = 3,
  Custom = 4,
  Mobile = 5,
}
export const PageSizeType = /* @__PURE__ */ numeric<typeof PageSizeTypeEnum>(
  'Widescreen Standard Cortana Letter Custom Mobile',
);
export type PageSizeType = PageSizeTypeEnum;
export declare namespace PageSizeType {
  type Widescreen = PageSizeTypeEnum.Widescreen;
  type Standard = PageSizeTypeEnum.Standard;
  type Cortana = PageSizeTypeEnum.Cortana;
  type Letter = PageSizeTypeEnum.Letter;
  type Custom = PageSizeTypeEnum.Custom;
  type Mobile = PageSizeTypeEnum.Mobile;
}

declare enum DisplayOptionEnum {
  FitToPage = 0,
  FitToWidth = 1,
  ActualSize = 2,
}
export const DisplayOption = /* @__PURE__ */ numeric<typeof DisplayOptionEnum>(
  'FitToPage FitToWidth ActualSize',
);
export type DisplayOption = DisplayOptionEnum;
export declare namespace DisplayOption {
  type FitToPage = DisplayOptionEnum.FitToPage;
  type FitToWidth = DisplayOptionEnum.FitToWidth;
  type ActualSize = DisplayOptionEnum.ActualSize;
}

declare enum BackgroundTypeEnum {
  Default = 0,
  Transparent = 1,
}
export const BackgroundType = /* @__PURE__ */ numeric<typeof BackgroundTypeEnum>('Default Transparent');
export type BackgroundType = BackgroundTypeEnum;
export declare namespace BackgroundType {
  type Default = BackgroundTypeEnum.Default;
  type Transparent = BackgroundTypeEnum.Transparent;
}

declare enum VisualContainerDisplayModeEnum {
  Visible = 0,
  Hidden = 1,
}
export const VisualContainerDisplayMode =
  /* @__PURE__ */ numeric<typeof VisualContainerDisplayModeEnum>('Visible Hidden');
export type VisualContainerDisplayMode = VisualContainerDisplayModeEnum;
export declare namespace VisualContainerDisplayMode {
  type Visible = VisualContainerDisplayModeEnum.Visible;
  type Hidden = VisualContainerDisplayModeEnum.Hidden;
}

/** Report layout; `Master` is the default. */
declare enum LayoutTypeEnum {
  Master = 0,
  Custom = 1,
  MobilePortrait = 2,
  MobileLandscape = 3,
}
export const LayoutType = /* @__PURE__ */ numeric<typeof LayoutTypeEnum>(
  'Master Custom MobilePortrait MobileLandscape',
);
export type LayoutType = LayoutTypeEnum;
export declare namespace LayoutType {
  type Master = LayoutTypeEnum.Master;
  type Custom = LayoutTypeEnum.Custom;
  type MobilePortrait = LayoutTypeEnum.MobilePortrait;
  type MobileLandscape = LayoutTypeEnum.MobileLandscape;
}

declare enum HyperlinkClickBehaviorEnum {
  Navigate = 0,
  NavigateAndRaiseEvent = 1,
  RaiseEvent = 2,
}
export const HyperlinkClickBehavior = /* @__PURE__ */ numeric<typeof HyperlinkClickBehaviorEnum>(
  'Navigate NavigateAndRaiseEvent RaiseEvent',
);
export type HyperlinkClickBehavior = HyperlinkClickBehaviorEnum;
export declare namespace HyperlinkClickBehavior {
  type Navigate = HyperlinkClickBehaviorEnum.Navigate;
  type NavigateAndRaiseEvent = HyperlinkClickBehaviorEnum.NavigateAndRaiseEvent;
  type RaiseEvent = HyperlinkClickBehaviorEnum.RaiseEvent;
}

declare enum ReportAlignmentEnum {
  Left = 0,
  Center = 1,
  Right = 2,
  None = 3,
}
export const ReportAlignment = /* @__PURE__ */ numeric<typeof ReportAlignmentEnum>('Left Center Right None');
export type ReportAlignment = ReportAlignmentEnum;
export declare namespace ReportAlignment {
  type Left = ReportAlignmentEnum.Left;
  type Center = ReportAlignmentEnum.Center;
  type Right = ReportAlignmentEnum.Right;
  type None = ReportAlignmentEnum.None;
}

declare enum SectionVisibilityEnum {
  AlwaysVisible = 0,
  HiddenInViewMode = 1,
}
export const SectionVisibility = /* @__PURE__ */ numeric<typeof SectionVisibilityEnum>(
  'AlwaysVisible HiddenInViewMode',
);
export type SectionVisibility = SectionVisibilityEnum;
export declare namespace SectionVisibility {
  type AlwaysVisible = SectionVisibilityEnum.AlwaysVisible;
  type HiddenInViewMode = SectionVisibilityEnum.HiddenInViewMode;
}

/** Bit flags: `All` is `ReadWrite | Copy | Create`. */
declare enum PermissionsEnum {
  Read = 0,
  ReadWrite = 1,
  Copy = 2,
  Create = 4,
  All = 7,
}
export const Permissions = /* @__PURE__ */ numeric<typeof PermissionsEnum>(
  'Read ReadWrite Copy Create All',
  [0, 1, 2, 4, 7],
);
export type Permissions = PermissionsEnum;
export declare namespace Permissions {
  type Read = PermissionsEnum.Read;
  type ReadWrite = PermissionsEnum.ReadWrite;
  type Copy = PermissionsEnum.Copy;
  type Create = PermissionsEnum.Create;
  type All = PermissionsEnum.All;
}

declare enum ViewModeEnum {
  View = 0,
  Edit = 1,
}
export const ViewMode = /* @__PURE__ */ numeric<typeof ViewModeEnum>('View Edit');
export type ViewMode = ViewModeEnum;
export declare namespace ViewMode {
  type View = ViewModeEnum.View;
  type Edit = ViewModeEnum.Edit;
}

declare enum TokenTypeEnum {
  Aad = 0,
  Embed = 1,
}
export const TokenType = /* @__PURE__ */ numeric<typeof TokenTypeEnum>('Aad Embed');
export type TokenType = TokenTypeEnum;
export declare namespace TokenType {
  type Aad = TokenTypeEnum.Aad;
  type Embed = TokenTypeEnum.Embed;
}

declare enum ContrastModeEnum {
  None = 0,
  HighContrast1 = 1,
  HighContrast2 = 2,
  HighContrastBlack = 3,
  HighContrastWhite = 4,
}
export const ContrastMode = /* @__PURE__ */ numeric<typeof ContrastModeEnum>(
  'None HighContrast1 HighContrast2 HighContrastBlack HighContrastWhite',
);
export type ContrastMode = ContrastModeEnum;
export declare namespace ContrastMode {
  type None = ContrastModeEnum.None;
  type HighContrast1 = ContrastModeEnum.HighContrast1;
  type HighContrast2 = ContrastModeEnum.HighContrast2;
  type HighContrastBlack = ContrastModeEnum.HighContrastBlack;
  type HighContrastWhite = ContrastModeEnum.HighContrastWhite;
}

declare enum MenuLocationEnum {
  Bottom = 0,
  Top = 1,
}
export const MenuLocation = /* @__PURE__ */ numeric<typeof MenuLocationEnum>('Bottom Top');
export type MenuLocation = MenuLocationEnum;
export declare namespace MenuLocation {
  type Bottom = MenuLocationEnum.Bottom;
  type Top = MenuLocationEnum.Top;
}

declare enum FiltersOperationsEnum {
  RemoveAll = 0,
  ReplaceAll = 1,
  Add = 2,
  Replace = 3,
}
export const FiltersOperations = /* @__PURE__ */ numeric<typeof FiltersOperationsEnum>(
  'RemoveAll ReplaceAll Add Replace',
);
export type FiltersOperations = FiltersOperationsEnum;
export declare namespace FiltersOperations {
  type RemoveAll = FiltersOperationsEnum.RemoveAll;
  type ReplaceAll = FiltersOperationsEnum.ReplaceAll;
  type Add = FiltersOperationsEnum.Add;
  type Replace = FiltersOperationsEnum.Replace;
}

declare enum FiltersLevelEnum {
  Report = 0,
  Page = 1,
  Visual = 2,
}
export const FiltersLevel = /* @__PURE__ */ numeric<typeof FiltersLevelEnum>('Report Page Visual');
export type FiltersLevel = FiltersLevelEnum;
export declare namespace FiltersLevel {
  type Report = FiltersLevelEnum.Report;
  type Page = FiltersLevelEnum.Page;
  type Visual = FiltersLevelEnum.Visual;
}

declare enum FilterTypeEnum {
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
export const FilterType = /* @__PURE__ */ numeric<typeof FilterTypeEnum>(
  'Advanced Basic Unknown IncludeExclude RelativeDate TopN Tuple RelativeTime Identity Hierarchy HierarchyIdentity',
);
export type FilterType = FilterTypeEnum;
export declare namespace FilterType {
  type Advanced = FilterTypeEnum.Advanced;
  type Basic = FilterTypeEnum.Basic;
  type Unknown = FilterTypeEnum.Unknown;
  type IncludeExclude = FilterTypeEnum.IncludeExclude;
  type RelativeDate = FilterTypeEnum.RelativeDate;
  type TopN = FilterTypeEnum.TopN;
  type Tuple = FilterTypeEnum.Tuple;
  type RelativeTime = FilterTypeEnum.RelativeTime;
  type Identity = FilterTypeEnum.Identity;
  type Hierarchy = FilterTypeEnum.Hierarchy;
  type HierarchyIdentity = FilterTypeEnum.HierarchyIdentity;
}

/** Units of relative date filters (`Days`…`CalendarYears`) and relative time filters (`Minutes`, `Hours`). */
declare enum RelativeDateFilterTimeUnitEnum {
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
export const RelativeDateFilterTimeUnit = /* @__PURE__ */ numeric<typeof RelativeDateFilterTimeUnitEnum>(
  'Days Weeks CalendarWeeks Months CalendarMonths Years CalendarYears Minutes Hours',
);
export type RelativeDateFilterTimeUnit = RelativeDateFilterTimeUnitEnum;
export declare namespace RelativeDateFilterTimeUnit {
  type Days = RelativeDateFilterTimeUnitEnum.Days;
  type Weeks = RelativeDateFilterTimeUnitEnum.Weeks;
  type CalendarWeeks = RelativeDateFilterTimeUnitEnum.CalendarWeeks;
  type Months = RelativeDateFilterTimeUnitEnum.Months;
  type CalendarMonths = RelativeDateFilterTimeUnitEnum.CalendarMonths;
  type Years = RelativeDateFilterTimeUnitEnum.Years;
  type CalendarYears = RelativeDateFilterTimeUnitEnum.CalendarYears;
  type Minutes = RelativeDateFilterTimeUnitEnum.Minutes;
  type Hours = RelativeDateFilterTimeUnitEnum.Hours;
}

declare enum RelativeDateOperatorsEnum {
  InLast = 0,
  InThis = 1,
  InNext = 2,
}
export const RelativeDateOperators =
  /* @__PURE__ */ numeric<typeof RelativeDateOperatorsEnum>('InLast InThis InNext');
export type RelativeDateOperators = RelativeDateOperatorsEnum;
export declare namespace RelativeDateOperators {
  type InLast = RelativeDateOperatorsEnum.InLast;
  type InThis = RelativeDateOperatorsEnum.InThis;
  type InNext = RelativeDateOperatorsEnum.InNext;
}

declare enum CredentialTypeEnum {
  NoConnection = 0,
  OnBehalfOf = 1,
  Anonymous = 2,
}
export const CredentialType = /* @__PURE__ */ numeric<typeof CredentialTypeEnum>(
  'NoConnection OnBehalfOf Anonymous',
);
export type CredentialType = CredentialTypeEnum;
export declare namespace CredentialType {
  type NoConnection = CredentialTypeEnum.NoConnection;
  type OnBehalfOf = CredentialTypeEnum.OnBehalfOf;
  type Anonymous = CredentialTypeEnum.Anonymous;
}

declare enum DataCacheModeEnum {
  Import = 0,
  DirectQuery = 1,
}
export const DataCacheMode = /* @__PURE__ */ numeric<typeof DataCacheModeEnum>('Import DirectQuery');
export type DataCacheMode = DataCacheModeEnum;
export declare namespace DataCacheMode {
  type Import = DataCacheModeEnum.Import;
  type DirectQuery = DataCacheModeEnum.DirectQuery;
}

declare enum AggregateFunctionEnum {
  Default = 1,
  None = 2,
  Sum = 3,
  Min = 4,
  Max = 5,
  Count = 6,
  Average = 7,
  DistinctCount = 8,
}
export const AggregateFunction = /* @__PURE__ */ numeric<typeof AggregateFunctionEnum>(
  'Default None Sum Min Max Count Average DistinctCount',
  [1, 2, 3, 4, 5, 6, 7, 8],
);
export type AggregateFunction = AggregateFunctionEnum;
export declare namespace AggregateFunction {
  type Default = AggregateFunctionEnum.Default;
  type None = AggregateFunctionEnum.None;
  type Sum = AggregateFunctionEnum.Sum;
  type Min = AggregateFunctionEnum.Min;
  type Max = AggregateFunctionEnum.Max;
  type Count = AggregateFunctionEnum.Count;
  type Average = AggregateFunctionEnum.Average;
  type DistinctCount = AggregateFunctionEnum.DistinctCount;
}

declare enum BrowserPrintAdjustmentsModeEnum {
  Default = 0,
  NoAdjustments = 1,
}
export const BrowserPrintAdjustmentsMode =
  /* @__PURE__ */ numeric<typeof BrowserPrintAdjustmentsModeEnum>('Default NoAdjustments');
export type BrowserPrintAdjustmentsMode = BrowserPrintAdjustmentsModeEnum;
export declare namespace BrowserPrintAdjustmentsMode {
  type Default = BrowserPrintAdjustmentsModeEnum.Default;
  type NoAdjustments = BrowserPrintAdjustmentsModeEnum.NoAdjustments;
}

declare enum PageNavigationPositionEnum {
  Bottom = 0,
  Left = 1,
}
export const PageNavigationPosition =
  /* @__PURE__ */ numeric<typeof PageNavigationPositionEnum>('Bottom Left');
export type PageNavigationPosition = PageNavigationPositionEnum;
export declare namespace PageNavigationPosition {
  type Bottom = PageNavigationPositionEnum.Bottom;
  type Left = PageNavigationPositionEnum.Left;
}

/** Portico addition (not in powerbi-models): which side of the canvas the filter pane is drawn on. */
declare enum FiltersPanePositionEnum {
  Left = 0,
  Right = 1,
}
export const FiltersPanePosition = /* @__PURE__ */ numeric<typeof FiltersPanePositionEnum>('Left Right');
export type FiltersPanePosition = FiltersPanePositionEnum;
export declare namespace FiltersPanePosition {
  type Left = FiltersPanePositionEnum.Left;
  type Right = FiltersPanePositionEnum.Right;
}

declare enum QnaModeEnum {
  Interactive = 0,
  ResultOnly = 1,
}
export const QnaMode = /* @__PURE__ */ numeric<typeof QnaModeEnum>('Interactive ResultOnly');
export type QnaMode = QnaModeEnum;
export declare namespace QnaMode {
  type Interactive = QnaModeEnum.Interactive;
  type ResultOnly = QnaModeEnum.ResultOnly;
}

declare enum ExportDataTypeEnum {
  Summarized = 0,
  Underlying = 1,
}
export const ExportDataType = /* @__PURE__ */ numeric<typeof ExportDataTypeEnum>('Summarized Underlying');
export type ExportDataType = ExportDataTypeEnum;
export declare namespace ExportDataType {
  type Summarized = ExportDataTypeEnum.Summarized;
  type Underlying = ExportDataTypeEnum.Underlying;
}

/** powerbi-models 2.x: what an `exportDataCompleted` event exported (`IExportDataCompletedEvent`). */
declare enum ExportDataResultTypeEnum {
  Summarized = 0,
  Underlying = 1,
  DataWithCurrentLayout = 2,
}
export const ExportDataResultType = /* @__PURE__ */ numeric<typeof ExportDataResultTypeEnum>(
  'Summarized Underlying DataWithCurrentLayout',
);
export type ExportDataResultType = ExportDataResultTypeEnum;
export declare namespace ExportDataResultType {
  type Summarized = ExportDataResultTypeEnum.Summarized;
  type Underlying = ExportDataResultTypeEnum.Underlying;
  type DataWithCurrentLayout = ExportDataResultTypeEnum.DataWithCurrentLayout;
}

/** powerbi-models 2.x: the file format of an `exportDataCompleted` event. */
declare enum ExportDataResultFormatEnum {
  Csv = 0,
  Xlsx = 1,
}
export const ExportDataResultFormat = /* @__PURE__ */ numeric<typeof ExportDataResultFormatEnum>('Csv Xlsx');
export type ExportDataResultFormat = ExportDataResultFormatEnum;
export declare namespace ExportDataResultFormat {
  type Csv = ExportDataResultFormatEnum.Csv;
  type Xlsx = ExportDataResultFormatEnum.Xlsx;
}

/** powerbi-models 2.x: whether the export of an `exportDataCompleted` event succeeded. */
declare enum ExportDataCompletedStatusEnum {
  Succeeded = 0,
  Failed = 1,
}
export const ExportDataCompletedStatus =
  /* @__PURE__ */ numeric<typeof ExportDataCompletedStatusEnum>('Succeeded Failed');
export type ExportDataCompletedStatus = ExportDataCompletedStatusEnum;
export declare namespace ExportDataCompletedStatus {
  type Succeeded = ExportDataCompletedStatusEnum.Succeeded;
  type Failed = ExportDataCompletedStatusEnum.Failed;
}

/**
 * powerbi-models 2.x: how a quick-create report starts (`IQuickCreateConfiguration.reportCreationMode`).
 * A `const enum` there (no runtime object); a real enum here, so isolated-module builds can use it too.
 */
declare enum ReportCreationModeEnum {
  Default = 'Default',
  QuickExplore = 'QuickExplore',
}
export const ReportCreationMode =
  /* @__PURE__ */ strings<typeof ReportCreationModeEnum>('Default QuickExplore');
export type ReportCreationMode = ReportCreationModeEnum;
export declare namespace ReportCreationMode {
  type Default = ReportCreationModeEnum.Default;
  type QuickExplore = ReportCreationModeEnum.QuickExplore;
}

/** powerbi-models 2.x: the data types of a quick-create table column (`IColumnSchema.dataType`). */
declare enum DataTypeEnum {
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
export const DataType = /* @__PURE__ */ strings<typeof DataTypeEnum>(
  'Number Currency Int32 Percentage DateTime DateTimeZone Date Time Duration Text Logical Binary',
);
export type DataType = DataTypeEnum;
export declare namespace DataType {
  type Number = DataTypeEnum.Number;
  type Currency = DataTypeEnum.Currency;
  type Int32 = DataTypeEnum.Int32;
  type Percentage = DataTypeEnum.Percentage;
  type DateTime = DataTypeEnum.DateTime;
  type DateTimeZone = DataTypeEnum.DateTimeZone;
  type Date = DataTypeEnum.Date;
  type Time = DataTypeEnum.Time;
  type Duration = DataTypeEnum.Duration;
  type Text = DataTypeEnum.Text;
  type Logical = DataTypeEnum.Logical;
  type Binary = DataTypeEnum.Binary;
}

declare enum BookmarksPlayModeEnum {
  Off = 0,
  Presentation = 1,
}
export const BookmarksPlayMode = /* @__PURE__ */ numeric<typeof BookmarksPlayModeEnum>('Off Presentation');
export type BookmarksPlayMode = BookmarksPlayModeEnum;
export declare namespace BookmarksPlayMode {
  type Off = BookmarksPlayModeEnum.Off;
  type Presentation = BookmarksPlayModeEnum.Presentation;
}

declare enum SortDirectionEnum {
  Ascending = 1,
  Descending = 2,
}
export const SortDirection = /* @__PURE__ */ numeric<typeof SortDirectionEnum>(
  'Ascending Descending',
  [1, 2],
);
export type SortDirection = SortDirectionEnum;
export declare namespace SortDirection {
  type Ascending = SortDirectionEnum.Ascending;
  type Descending = SortDirectionEnum.Descending;
}

declare enum CommandDisplayOptionEnum {
  Enabled = 0,
  Disabled = 1,
  Hidden = 2,
}
export const CommandDisplayOption =
  /* @__PURE__ */ numeric<typeof CommandDisplayOptionEnum>('Enabled Disabled Hidden');
export type CommandDisplayOption = CommandDisplayOptionEnum;
export declare namespace CommandDisplayOption {
  type Enabled = CommandDisplayOptionEnum.Enabled;
  type Disabled = CommandDisplayOptionEnum.Disabled;
  type Hidden = CommandDisplayOptionEnum.Hidden;
}

declare enum VisualDataRoleKindEnum {
  /** Bound to something that evaluates to a grouping of values. */
  Grouping = 0,
  /** Bound to something that evaluates to a single value in a scope. */
  Measure = 1,
  /** Either of the above. */
  GroupingOrMeasure = 2,
}
export const VisualDataRoleKind = /* @__PURE__ */ numeric<typeof VisualDataRoleKindEnum>(
  'Grouping Measure GroupingOrMeasure',
);
export type VisualDataRoleKind = VisualDataRoleKindEnum;
export declare namespace VisualDataRoleKind {
  type Grouping = VisualDataRoleKindEnum.Grouping;
  type Measure = VisualDataRoleKindEnum.Measure;
  type GroupingOrMeasure = VisualDataRoleKindEnum.GroupingOrMeasure;
}

/** Which kind a `GroupingOrMeasure` role prefers. */
declare enum VisualDataRoleKindPreferenceEnum {
  Measure = 0,
  Grouping = 1,
}
export const VisualDataRoleKindPreference =
  /* @__PURE__ */ numeric<typeof VisualDataRoleKindPreferenceEnum>('Measure Grouping');
export type VisualDataRoleKindPreference = VisualDataRoleKindPreferenceEnum;
export declare namespace VisualDataRoleKindPreference {
  type Measure = VisualDataRoleKindPreferenceEnum.Measure;
  type Grouping = VisualDataRoleKindPreferenceEnum.Grouping;
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

export const LegendPosition = /* @__PURE__ */ strings<{
  readonly [
    K in 'Top' | 'Bottom' | 'Right' | 'Left' | 'TopCenter' | 'BottomCenter' | 'RightCenter' | 'LeftCenter'
  ]: K;
}>('Top Bottom Right Left TopCenter BottomCenter RightCenter LeftCenter');

/** The enums behind the types, exported as types only so that declaration emit (ours and our users') can name them. */
export type {
  TraceTypeEnum,
  PageSizeTypeEnum,
  DisplayOptionEnum,
  BackgroundTypeEnum,
  VisualContainerDisplayModeEnum,
  LayoutTypeEnum,
  HyperlinkClickBehaviorEnum,
  ReportAlignmentEnum,
  SectionVisibilityEnum,
  PermissionsEnum,
  ViewModeEnum,
  TokenTypeEnum,
  ContrastModeEnum,
  MenuLocationEnum,
  FiltersOperationsEnum,
  FiltersLevelEnum,
  FilterTypeEnum,
  RelativeDateFilterTimeUnitEnum,
  RelativeDateOperatorsEnum,
  CredentialTypeEnum,
  DataCacheModeEnum,
  AggregateFunctionEnum,
  BrowserPrintAdjustmentsModeEnum,
  PageNavigationPositionEnum,
  FiltersPanePositionEnum,
  QnaModeEnum,
  ExportDataTypeEnum,
  ExportDataResultTypeEnum,
  ExportDataResultFormatEnum,
  ExportDataCompletedStatusEnum,
  ReportCreationModeEnum,
  DataTypeEnum,
  BookmarksPlayModeEnum,
  SortDirectionEnum,
  CommandDisplayOptionEnum,
  VisualDataRoleKindEnum,
  VisualDataRoleKindPreferenceEnum,
};
