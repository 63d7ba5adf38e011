/**
 * The rule of every `validate*` function, by name without the `validate` prefix: the same pairs as
 * `validators.ts`, as two tables, from which `../namespace.ts` builds the functions at load for the UMD
 * build and its add-on (a table entry is cheaper there than a function each). `validators.ts` stays
 * the ESM surface, where each function is tree-shaken on its own; `validators.test.ts` runs every
 * validator case against both and checks that they have the same names.
 */
import { check, type Rule } from './engine.ts';
import * as f from './filter-rules.ts';
import * as l from './load-rules.ts';
import * as s from './settings-rules.ts';

/** The validators the host SDK's UMD core runs itself (report, create, dashboard and tile loads). */
export const sdkValidatorRules: Readonly<Record<string, Rule>> = {
  ReportLoad: l.reportLoad,
  CreateReport: l.createReport,
  DashboardLoad: l.dashboardLoad,
  TileLoad: l.tileLoad,
};

/** Every other validator: what the UMD add-on brings (with Q&A, quick create and paginated reports). */
export const otherValidatorRules: Readonly<Record<string, Rule>> = {
  PaginatedReportLoad: l.paginatedReportLoad,
  QuickCreate: l.quickCreate,
  DatasetCreateConfig: l.datasetCreateConfig,
  LoadQnaConfiguration: l.qnaLoad,
  QnaInterpretInputData: l.qnaInterpretInputData,
  Settings: s.settings,
  PaginatedReportSettings: s.paginatedReportSettings,
  Panes: s.reportPanes,
  BookmarksPane: s.bookmarksPane,
  FiltersPane: s.filtersPane,
  FieldsPane: s.fieldsPane,
  PageNavigationPane: s.pageNavigationPane,
  SelectionPane: s.selectionPane,
  SyncSlicersPane: s.syncSlicersPane,
  VisualizationsPane: s.visualizationsPane,
  CustomLayout: s.customLayout,
  CustomPageSize: s.customPageSize,
  VisualLayout: s.visualLayout,
  Extension: s.extension,
  CommandExtension: s.commandExtension,
  MenuGroupExtension: s.menuGroupExtension,
  CommandsSettings: s.commandsSettings,
  VisualSettings: s.visualSettings,
  VisualHeader: s.visualHeader,
  VisualHeaders: s.visualHeaders,
  PrintSettings: s.printSettings,
  // Named `zoomLevel` in its messages, as `validateZoomLevel` names it.
  ZoomLevel: (value, _field, path) => check(s.zoomLevel, value, 'zoomLevel', path),
  Filter: f.filter,
  UpdateFiltersRequest: f.updateFiltersRequest,
  VisualSelector: f.visualSelector,
  VisualTypeSelector: f.visualTypeSelector,
  SlicerTargetSelector: f.slicerTargetSelector,
  Slicer: f.slicer,
  SlicerState: f.slicerState,
  Page: l.page,
  SaveAsParameters: l.saveAsParameters,
  ExportDataRequest: l.exportDataRequest,
  CreateVisual: l.createVisualRequest,
  CustomTheme: l.customTheme,
  Bookmark: l.bookmark,
  ApplyBookmarkByNameRequest: l.applyBookmarkByNameRequest,
  ApplyBookmarkStateRequest: l.applyBookmarkStateRequest,
  AddBookmarkRequest: l.addBookmarkRequest,
  PlayBookmarkRequest: l.playBookmarkRequest,
  CaptureBookmarkRequest: l.captureBookmarkRequest,
  CaptureBookmarkOptions: l.captureBookmarkOptions,
};
