import { describe, expect, it } from 'vitest';
import * as models from './index.ts';

/** The name → value pairs of an enum, without TypeScript's reverse (value → name) entries. */
const members = (e: object) =>
  Object.fromEntries(Object.entries(e).filter(([key]) => Number.isNaN(Number(key))));

const expected: Record<string, Record<string, number | string>> = {
  TraceType: {
    Information: 0,
    Verbose: 1,
    Warning: 2,
    Error: 3,
    ExpectedError: 4,
    UnexpectedError: 5,
    Fatal: 6,
  },
  PageSizeType: { Widescreen: 0, Standard: 1, Cortana: 2, Letter: 3, Custom: 4, Mobile: 5 },
  DisplayOption: { FitToPage: 0, FitToWidth: 1, ActualSize: 2 },
  BackgroundType: { Default: 0, Transparent: 1 },
  VisualContainerDisplayMode: { Visible: 0, Hidden: 1 },
  LayoutType: { Master: 0, Custom: 1, MobilePortrait: 2, MobileLandscape: 3 },
  HyperlinkClickBehavior: { Navigate: 0, NavigateAndRaiseEvent: 1, RaiseEvent: 2 },
  ReportAlignment: { Left: 0, Center: 1, Right: 2, None: 3 },
  SectionVisibility: { AlwaysVisible: 0, HiddenInViewMode: 1 },
  Permissions: { Read: 0, ReadWrite: 1, Copy: 2, Create: 4, All: 7 },
  ViewMode: { View: 0, Edit: 1 },
  TokenType: { Aad: 0, Embed: 1 },
  ContrastMode: { None: 0, HighContrast1: 1, HighContrast2: 2, HighContrastBlack: 3, HighContrastWhite: 4 },
  MenuLocation: { Bottom: 0, Top: 1 },
  FiltersOperations: { RemoveAll: 0, ReplaceAll: 1, Add: 2, Replace: 3 },
  FiltersLevel: { Report: 0, Page: 1, Visual: 2 },
  FilterType: {
    Advanced: 0,
    Basic: 1,
    Unknown: 2,
    IncludeExclude: 3,
    RelativeDate: 4,
    TopN: 5,
    Tuple: 6,
    RelativeTime: 7,
    Identity: 8,
    Hierarchy: 9,
    HierarchyIdentity: 10,
  },
  RelativeDateFilterTimeUnit: {
    Days: 0,
    Weeks: 1,
    CalendarWeeks: 2,
    Months: 3,
    CalendarMonths: 4,
    Years: 5,
    CalendarYears: 6,
    Minutes: 7,
    Hours: 8,
  },
  RelativeDateOperators: { InLast: 0, InThis: 1, InNext: 2 },
  CredentialType: { NoConnection: 0, OnBehalfOf: 1, Anonymous: 2 },
  DataCacheMode: { Import: 0, DirectQuery: 1 },
  AggregateFunction: {
    Default: 1,
    None: 2,
    Sum: 3,
    Min: 4,
    Max: 5,
    Count: 6,
    Average: 7,
    DistinctCount: 8,
  },
  BrowserPrintAdjustmentsMode: { Default: 0, NoAdjustments: 1 },
  PageNavigationPosition: { Bottom: 0, Left: 1 },
  FiltersPanePosition: { Left: 0, Right: 1 },
  QnaMode: { Interactive: 0, ResultOnly: 1 },
  ExportDataType: { Summarized: 0, Underlying: 1 },
  ExportDataResultType: { Summarized: 0, Underlying: 1, DataWithCurrentLayout: 2 },
  ExportDataResultFormat: { Csv: 0, Xlsx: 1 },
  ExportDataCompletedStatus: { Succeeded: 0, Failed: 1 },
  ReportCreationMode: { Default: 'Default', QuickExplore: 'QuickExplore' },
  DataType: {
    Number: 'Number',
    Currency: 'Currency',
    Int32: 'Int32',
    Percentage: 'Percentage',
    DateTime: 'DateTime',
    DateTimeZone: 'DateTimeZone',
    Date: 'Date',
    Time: 'Time',
    Duration: 'Duration',
    Text: 'Text',
    Logical: 'Logical',
    Binary: 'Binary',
  },
  BookmarksPlayMode: { Off: 0, Presentation: 1 },
  SortDirection: { Ascending: 1, Descending: 2 },
  CommandDisplayOption: { Enabled: 0, Disabled: 1, Hidden: 2 },
  VisualDataRoleKind: { Grouping: 0, Measure: 1, GroupingOrMeasure: 2 },
  VisualDataRoleKindPreference: { Measure: 0, Grouping: 1 },
  CommonErrorCodes: {
    TokenExpired: 'TokenExpired',
    NotFound: 'PowerBIEntityNotFound',
    InvalidParameters: 'Invalid parameters',
    LoadReportFailed: 'LoadReportFailed',
    NotAuthorized: 'PowerBINotAuthorizedException',
    FailedToLoadModel: 'ExplorationContainer_FailedToLoadModel_DefaultDetails',
  },
  TextAlignment: { Left: 'left', Center: 'center', Right: 'right' },
  LegendPosition: {
    Top: 'Top',
    Bottom: 'Bottom',
    Right: 'Right',
    Left: 'Left',
    TopCenter: 'TopCenter',
    BottomCenter: 'BottomCenter',
    RightCenter: 'RightCenter',
    LeftCenter: 'LeftCenter',
  },
};

describe('enumerations', () => {
  it.each(Object.entries(expected))(
    '%s has exactly the values powerbi-models sends on the wire',
    (name, values) => {
      const actual = (models as unknown as Record<string, object | undefined>)[name];
      expect(actual).toBeDefined();
      expect(members(actual ?? {})).toEqual(values);
    },
  );

  it('keeps the reverse look-up of numeric enums, as code written for powerbi-models may use it', () => {
    expect(models.ViewMode[1]).toBe('Edit');
    expect(models.FilterType[models.FilterType.Hierarchy]).toBe('Hierarchy');
  });

  it('defaults the layout to master, the first layout type', () => {
    expect(models.LayoutType.Master).toBe(0);
  });
});
