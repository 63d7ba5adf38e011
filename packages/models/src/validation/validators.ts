/**
 * The `validate*` functions. Each returns `undefined` for valid input, or a one-element list with the first
 * problem found, e.g. `validateReportLoad({ id: 'r' })` → `[{ message: 'accessToken is required', ... }]`.
 */
import type { IError } from '../interfaces/report.ts';
import { validate } from './engine.ts';
import * as f from './filter-rules.ts';
import * as l from './load-rules.ts';
import * as s from './settings-rules.ts';

export type Validator = (input: unknown) => IError[] | undefined;

// Load and create configurations

/** Report load payload: accessToken and id required. */
export const validateReportLoad: Validator = (input) => validate(l.reportLoad, input);
/** Paginated (RDL) report load payload: accessToken and id required. */
export const validatePaginatedReportLoad: Validator = (input) => validate(l.paginatedReportLoad, input);
/** Create-report payload: accessToken and datasetId required. */
export const validateCreateReport: Validator = (input) => validate(l.createReport, input);
/** Quick-create payload: accessToken and datasetCreateConfig required. */
export const validateQuickCreate: Validator = (input) => validate(l.quickCreate, input);
/** A quick-create dataset: locale required, plus inline data or a mashup document. */
export const validateDatasetCreateConfig: Validator = (input) => validate(l.datasetCreateConfig, input);
/** Dashboard load payload: accessToken and id required; pageView fitToWidth, oneColumn or actualSize. */
export const validateDashboardLoad: Validator = (input) => validate(l.dashboardLoad, input);
/** Tile load payload: accessToken, id and dashboardId required. */
export const validateTileLoad: Validator = (input) => validate(l.tileLoad, input);
/** Q&A load payload: accessToken and datasetIds required. */
export const validateLoadQnaConfiguration: Validator = (input) => validate(l.qnaLoad, input);
/** Same as validateLoadQnaConfiguration. */
export const validateQnaLoad: Validator = validateLoadQnaConfiguration;
/** Q&A interpret request: question required. */
export const validateQnaInterpretInputData: Validator = (input) => validate(l.qnaInterpretInputData, input);

// Settings

/** Report settings (`PATCH /report/settings` and the `settings` of a load). */
export const validateSettings: Validator = (input) => validate(s.settings, input);
/** Settings of a paginated report: its commands (parameter panel). */
export const validatePaginatedReportSettings: Validator = (input) =>
  validate(s.paginatedReportSettings, input);
/** `settings.panes`. */
export const validatePanes: Validator = (input) => validate(s.reportPanes, input);
/** `settings.panes.bookmarks`: `{ visible }`. */
export const validateBookmarksPane: Validator = (input) => validate(s.bookmarksPane, input);
/** `settings.panes.filters`: `{ visible, expanded }`. */
export const validateFiltersPane: Validator = (input) => validate(s.filtersPane, input);
/** `settings.panes.fields`: `{ expanded }`. */
export const validateFieldsPane: Validator = (input) => validate(s.fieldsPane, input);
/** `settings.panes.pageNavigation`: `{ visible, position }`. */
export const validatePageNavigationPane: Validator = (input) => validate(s.pageNavigationPane, input);
/** `settings.panes.selection`: `{ visible }`. */
export const validateSelectionPane: Validator = (input) => validate(s.selectionPane, input);
/** `settings.panes.syncSlicers`: `{ visible }`. */
export const validateSyncSlicersPane: Validator = (input) => validate(s.syncSlicersPane, input);
/** `settings.panes.visualizations`: `{ expanded }`. */
export const validateVisualizationsPane: Validator = (input) => validate(s.visualizationsPane, input);
/** `settings.customLayout`. */
export const validateCustomLayout: Validator = (input) => validate(s.customLayout, input);
/** A page size; type required. */
export const validateCustomPageSize: Validator = (input) => validate(s.customPageSize, input);
/** A visual's layout: x, y, z, width, height and display state. */
export const validateVisualLayout: Validator = (input) => validate(s.visualLayout, input);
/** One entry of the `settings.extensions` array: `{ command }`. */
export const validateExtension: Validator = (input) => validate(s.extension, input);
/** A command extension (menu command): name, title and extend required. */
export const validateCommandExtension: Validator = (input) => validate(s.commandExtension, input);
/** A menu group: name and title required. */
export const validateMenuGroupExtension: Validator = (input) => validate(s.menuGroupExtension, input);
/** One entry of `settings.commands`. */
export const validateCommandsSettings: Validator = (input) => validate(s.commandsSettings, input);
/** `settings.visualSettings`. */
export const validateVisualSettings: Validator = (input) => validate(s.visualSettings, input);
/** A visual header: settings required. */
export const validateVisualHeader: Validator = (input) => validate(s.visualHeader, input);
/** A list of visual headers. */
export const validateVisualHeaders: Validator = (input) => validate(s.visualHeaders, input);
/** `settings.printSettings`. */
export const validatePrintSettings: Validator = (input) => validate(s.printSettings, input);
/** A zoom level: a number between 0.25 and 4. */
export const validateZoomLevel: Validator = (input) => validate(s.zoomLevel, input, 'zoomLevel');

// Filters, selectors and slicers

/** Any filter kind: basic, advanced, include/exclude, not-supported, relative date/time, top N, hierarchy, tuple, identity. */
export const validateFilter: Validator = (input) => validate(f.filter, input);
/** `{ filtersOperation, filters }`: filters required, except with RemoveAll where they are forbidden. */
export const validateUpdateFiltersRequest: Validator = (input) => validate(f.updateFiltersRequest, input);
/** A visual selector: visualName required. */
export const validateVisualSelector: Validator = (input) => validate(f.visualSelector, input);
/** A visual type selector: $schema and visualType required. */
export const validateVisualTypeSelector: Validator = (input) => validate(f.visualTypeSelector, input);
/** A slicer target selector: $schema and target required. */
export const validateSlicerTargetSelector: Validator = (input) => validate(f.slicerTargetSelector, input);
/** A slicer: selector and state required. */
export const validateSlicer: Validator = (input) => validate(f.slicer, input);
/** A slicer state: `{ filters }`. */
export const validateSlicerState: Validator = (input) => validate(f.slicerState, input);

// Pages, visuals, bookmarks, themes and the rest

/** A page: name required. */
export const validatePage: Validator = (input) => validate(l.page, input);
/** Save-as parameters: name required. */
export const validateSaveAsParameters: Validator = (input) => validate(l.saveAsParameters, input);
/** Export-data request: `{ rows, exportDataType }`. */
export const validateExportDataRequest: Validator = (input) => validate(l.exportDataRequest, input);
/** Create-visual request: visualType required. */
export const validateCreateVisual: Validator = (input) => validate(l.createVisualRequest, input);
/** A custom theme: `{ themeJson }`. */
export const validateCustomTheme: Validator = (input) => validate(l.customTheme, input);
/** A report bookmark: name required. */
export const validateBookmark: Validator = (input) => validate(l.bookmark, input);
/** `{ name }` of the bookmark to apply. */
export const validateApplyBookmarkByNameRequest: Validator = (input) =>
  validate(l.applyBookmarkByNameRequest, input);
/** `{ state }` of the bookmark to apply. */
export const validateApplyBookmarkStateRequest: Validator = (input) =>
  validate(l.applyBookmarkStateRequest, input);
/** `{ state, displayName, apply }` of a bookmark to add. */
export const validateAddBookmarkRequest: Validator = (input) => validate(l.addBookmarkRequest, input);
/** `{ playMode }`: playMode required. */
export const validatePlayBookmarkRequest: Validator = (input) => validate(l.playBookmarkRequest, input);
/** `{ options }`: options required. */
export const validateCaptureBookmarkRequest: Validator = (input) => validate(l.captureBookmarkRequest, input);
/** Bookmark capture options: `{ personalizeVisuals, allPages }`. */
export const validateCaptureBookmarkOptions: Validator = (input) => validate(l.captureBookmarkOptions, input);
