/**
 * The rule of every `validate*` function, by name without the `validate` prefix: the same pairs as
 * `validators.ts`, as one table, from which `modelsNamespace()` (`../namespace.ts`) builds the functions
 * at load for the UMD build (a table entry is cheaper there than a function each). `validators.ts` stays
 * the ESM surface, where each function is tree-shaken on its own; `validators.test.ts` runs every
 * validator case against both and checks that they have the same names.
 */
import { check, type Rule } from './engine.ts';
import * as f from './filter-rules.ts';
import * as l from './load-rules.ts';
import * as s from './settings-rules.ts';

export const validatorRules: Readonly<Record<string, Rule>> = {
  ReportLoad: l.reportLoad,
  PaginatedReportLoad: l.paginatedReportLoad,
  CreateReport: l.createReport,
  QuickCreate: l.quickCreate,
  DatasetCreateConfig: l.datasetCreateConfig,
  DashboardLoad: l.dashboardLoad,
  TileLoad: l.tileLoad,
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
