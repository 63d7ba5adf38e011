/**
 * The calls the host makes to the frame (spec §7), as `'METHOD /url/template'` strings. The host
 * SDK builds its requests from them and the frame SDK registers its handlers with them.
 */
import type { Method } from './envelope.ts';
import { fillRoute, type RouteParams } from './route.ts';

// Every entry is a plain string literal (no shared template prefix): a table of constants only, the
// minifier replaces each `Call.x` with its value and drops the key names from the SDK's bundles.
export const Call = {
  // load and session
  reportLoad: 'POST /report/load',
  reportPrepare: 'POST /report/prepare',
  dashboardLoad: 'POST /dashboard/load',
  dashboardPrepare: 'POST /dashboard/prepare',
  qnaLoad: 'POST /qna/load',
  qnaPrepare: 'POST /qna/prepare',
  tileLoad: 'POST /tile/load',
  frontLoad: 'POST /frontload/config',
  createReport: 'POST /report/create',
  quickCreate: 'POST /quickcreate',
  render: 'POST /report/render',
  save: 'POST /report/save',
  saveAs: 'POST /report/saveAs',
  getCorrelationId: 'GET /getCorrelationId',
  /** `:embedType` is report (also for create, visual and qna embeds), dashboard or tile. */
  setAccessToken: 'POST /:embedType/token',
  print: 'POST /report/print',
  updateSettings: 'PATCH /report/settings',
  /** `:viewMode` is edit or view. */
  switchMode: 'POST /report/switchMode/:viewMode',
  refresh: 'POST /report/refresh',
  hasUnsavedChanges: 'GET /report/hasUnsavedChanges',
  getTheme: 'GET /report/theme',
  applyTheme: 'PUT /report/theme',
  resetPersistentFilters: 'DELETE /report/userState',
  savePersistentFilters: 'POST /report/userState',
  arePersistentFiltersApplied: 'GET /report/isUserStateApplied',
  getZoom: 'GET /report/zoom',
  // bookmarks and Q&A
  getBookmarks: 'GET /report/bookmarks',
  applyBookmark: 'POST /report/bookmarks/applyByName',
  playBookmarks: 'POST /report/bookmarks/play',
  captureBookmark: 'POST /report/bookmarks/capture',
  applyBookmarkState: 'POST /report/bookmarks/applyState',
  interpret: 'POST /qna/interpret',
  // pages
  addPage: 'POST /report/addPage',
  getPages: 'GET /report/pages',
  deletePage: 'DELETE /report/pages/:pageName',
  renamePage: 'PUT /report/pages/:pageName/name',
  setActivePage: 'PUT /report/pages/active',
  hasLayout: 'GET /report/pages/:pageName/layoutTypes/:layoutType',
  // filters at report, page and visual level
  getReportFilters: 'GET /report/filters',
  updateReportFilters: 'POST /report/filters',
  setReportFilters: 'PUT /report/filters',
  getPageFilters: 'GET /report/pages/:pageName/filters',
  updatePageFilters: 'POST /report/pages/:pageName/filters',
  setPageFilters: 'PUT /report/pages/:pageName/filters',
  getVisualFilters: 'GET /report/pages/:pageName/visuals/:visualName/filters',
  updateVisualFilters: 'POST /report/pages/:pageName/visuals/:visualName/filters',
  setVisualFilters: 'PUT /report/pages/:pageName/visuals/:visualName/filters',
  // visuals
  getVisuals: 'GET /report/pages/:pageName/visuals',
  exportData: 'POST /report/pages/:pageName/visuals/:visualName/exportData',
  getSlicerState: 'GET /report/pages/:pageName/visuals/:visualName/slicer',
  setSlicerState: 'PUT /report/pages/:pageName/visuals/:visualName/slicer',
  cloneVisual: 'POST /report/pages/:pageName/visuals/:visualName/clone',
  sortBy: 'PUT /report/pages/:pageName/visuals/:visualName/sortBy',
  // added by powerbi-client 2.24 (beyond spec §7)
  closeAllOverlays: 'POST /report/closeAllOverlays',
  /** `:clearPopOutState` is `true` or `false`. */
  clearSelectedVisuals: 'POST /report/clearSelectedVisuals/:clearPopOutState',
  getPageSmartNarrativeInsights: 'GET /report/pages/:pageName/smartNarrativeInsights',
  getVisualSmartNarrativeInsights: 'GET /report/pages/:pageName/visuals/:visualName/smartNarrativeInsights',
} as const;

/** One entry of the table, e.g. `'GET /report/pages'`. */
export type CallSpec = `${Method} /${string}`;
export type CallName = keyof typeof Call;
/** The URL template of a call: `CallPath<'GET /report/pages'>` is `'/report/pages'`. */
export type CallPath<C extends CallSpec> = C extends `${Method} ${infer Path}` ? Path : never;
export type CallMethod<C extends CallSpec> = C extends `${infer M extends Method} ${string}` ? M : never;

/** Splits a call into its method and URL template. */
export function parseCall<C extends CallSpec>(call: C): { method: CallMethod<C>; path: CallPath<C> } {
  const space = call.indexOf(' ');
  return { method: call.slice(0, space) as CallMethod<C>, path: call.slice(space + 1) as CallPath<C> };
}

/**
 * The method and URL of a call, with its parameters filled.
 *
 * @example callTarget(Call.deletePage, { pageName: 'p1' }) // → { method: 'DELETE', url: '/report/pages/p1' }
 */
export function callTarget<C extends CallSpec>(
  call: C,
  ...[params]: keyof RouteParams<CallPath<C>> extends never ? [] : [RouteParams<CallPath<C>>]
): { method: CallMethod<C>; url: string } {
  const { method, path } = parseCall(call);
  return { method, url: fillRoute(path, (params ?? {}) as RouteParams<CallPath<C>>) };
}
