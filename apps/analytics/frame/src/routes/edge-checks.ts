/**
 * Validation at the edge: every body a host sends is checked before a route changes anything. A body the models'
 * validators refuse answers 400 with their `IError[]`; a filter the loaded dataset cannot apply answers 400 with an
 * `IError` naming the field (keyword `dataset`); filter refusals also raise `error` to the host. Paths follow the
 * validators' (`filters.0.operator`), counted from the body.
 */
import { FrameError } from '@portico/frame';
import {
  CommonErrorCodes,
  ExportDataType,
  validateApplyBookmarkStateRequest,
  validateCustomTheme,
  validateExportDataRequest,
  validateFilter,
  validateSlicerState,
  validateUpdateFiltersRequest,
} from '@portico/models';
import type { ICustomTheme, IError, IFilter } from '@portico/models';
import { filterProblems, MAX_QUERY_ROWS, MAX_UNDERLYING_ROWS } from '@portico/analytics-model';
import type { BookmarkState } from '@portico/analytics-model';
import type { ReportController } from '../model/controller.ts';
import { errorBody } from '../model/errors.ts';

/** The 400 a refused body answers: the list of what is wrong. */
export const invalid = (errors: readonly IError[]): FrameError => new FrameError(400, [...errors]);

const problem = (message: string, path: string, keyword: string): IError =>
  path === '' ? { message, keyword } : { message, path, keyword };

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** A validator's errors for one item, their paths placed under the item's. */
const under = (path: string, errors: readonly IError[]): IError[] =>
  errors.map((e) => ({ ...e, path: e.path === undefined ? path : join(path, e.path) }));

/** Throws 400 with the validator's errors, when it has any. */
export function assertValid(errors: readonly IError[] | undefined): void {
  if (errors !== undefined && errors.length > 0) throw invalid(errors);
}

/** The models' errors of each filter of a list, then the dataset's problems of the ones that pass. */
function filterErrors(controller: ReportController, filters: readonly unknown[], path: string): IError[] {
  return filterListErrors(controller.state.dataset, filters, path);
}

/**
 * The errors of a list of filters at `path`: the models' `validateFilter` for each, then (when they all pass and the
 * dataset is known) the dataset's problems, each naming its field. Also what a load's `filters` are checked with.
 */
export function filterListErrors(
  dataset: Parameters<typeof filterProblems>[0] | undefined,
  filters: readonly unknown[],
  path: string,
): IError[] {
  const schema = filters.flatMap((filter, i) => under(join(path, String(i)), validateFilter(filter) ?? []));
  if (schema.length > 0 || dataset === undefined) return schema;
  return filterProblems(dataset, filters).map((p) =>
    problem(p.message, join(path, String(p.index)), 'dataset'),
  );
}

/** Refuses filters: raises `error` (the host learns why its filters were not applied) and returns the 400. */
function refuseFilters(controller: ReportController, errors: readonly IError[]): FrameError {
  const detail = errors.map((e) => (e.path === undefined ? e.message : `${e.path}: ${e.message}`)).join('; ');
  controller.raise('error', errorBody('invalidFilters', detail, CommonErrorCodes.InvalidParameters));
  return invalid(errors);
}

/**
 * A list of filters at `path` of a body (`''` when the body is the list), checked with the models' `validateFilter`
 * and against the loaded dataset; throws the 400 (after raising `error`) when any is refused.
 */
export function checkedFilters(controller: ReportController, value: unknown, path = ''): IFilter[] {
  if (!Array.isArray(value)) {
    throw refuseFilters(controller, [
      problem(`${path === '' ? 'filters' : path} must be an array of filters`, path, 'type'),
    ]);
  }
  const errors = filterErrors(controller, value, path);
  if (errors.length > 0) throw refuseFilters(controller, errors);
  return value as IFilter[];
}

/** `updateFilters`' body: `{ filtersOperation, filters }` as the models validate it, each filter as above. */
export function checkedFiltersUpdate(
  controller: ReportController,
  body: unknown,
): { operation: number; filters: IFilter[] } {
  const errors = validateUpdateFiltersRequest(body);
  const raw = (body ?? {}) as { filtersOperation?: unknown; filters?: unknown };
  if (errors !== undefined) {
    // The request's validator says only "filters property is invalid": name the filter and what is wrong with it.
    const precise = Array.isArray(raw.filters) ? filterErrors(controller, raw.filters, 'filters') : [];
    throw refuseFilters(controller, precise.length > 0 ? precise : errors);
  }
  const filters = raw.filters === undefined || raw.filters === null ? [] : raw.filters;
  return {
    operation: raw.filtersOperation as number,
    filters: checkedFilters(controller, filters, 'filters'),
  };
}

/** `setSlicerState`'s body: `{ filters }` (absent means none), checked as a slicer state and as filters. */
export function checkedSlicerFilters(controller: ReportController, body: unknown): IFilter[] {
  const state = body === undefined || body === null ? {} : body;
  const errors = validateSlicerState(state);
  const filters = (state as { filters?: unknown }).filters;
  if (errors !== undefined) {
    const precise = Array.isArray(filters) ? filterErrors(controller, filters, 'filters') : [];
    throw refuseFilters(controller, precise.length > 0 ? precise : errors);
  }
  return filters === undefined || filters === null ? [] : checkedFilters(controller, filters, 'filters');
}

/**
 * `exportData`'s body: a known `exportDataType` (Summarized when absent) and, when given, a whole number of `rows`
 * from 1 to the type's limit (30,000 summarized, 150,000 underlying, as in Power BI).
 */
export function checkedExportRequest(body: unknown): { exportDataType: ExportDataType; rows?: number } {
  const request = body === undefined || body === null ? {} : body;
  assertValid(validateExportDataRequest(request));
  const { rows, exportDataType } = request as { rows?: unknown; exportDataType?: unknown };
  const type =
    exportDataType === ExportDataType.Underlying ? ExportDataType.Underlying : ExportDataType.Summarized;
  if (rows === undefined || rows === null) return { exportDataType: type };
  const most = type === ExportDataType.Underlying ? MAX_UNDERLYING_ROWS : MAX_QUERY_ROWS;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > most) {
    throw invalid([problem(`rows must be a whole number from 1 to ${most}`, 'rows', 'range')]);
  }
  return { exportDataType: type, rows };
}

/** `applyTheme`'s body: a custom theme (`{ themeJson: object }`; `{}` resets to the default). */
export function checkedTheme(body: unknown): ICustomTheme {
  assertValid(validateCustomTheme(body === undefined || body === null ? {} : body));
  return (body ?? {}) as ICustomTheme;
}

/** base64url text: what each part of a JWS compact token is made of. */
const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;
/** Longer than any token the service issues (a few hundred characters), short enough to never matter. */
const MAX_TOKEN_LENGTH = 16_384;

/**
 * `setAccessToken`'s body (the token, or `{ accessToken }`): a well-formed token, three non-empty base64url parts
 * (`header.payload.signature`). The service verifies it at the next call; this only keeps garbage from replacing a
 * working token.
 */
export function checkedToken(body: unknown): string {
  const token = typeof body === 'string' ? body : (body as { accessToken?: unknown } | null)?.accessToken;
  if (typeof token !== 'string' || token === '') {
    throw invalid([problem('accessToken is required', 'accessToken', 'required')]);
  }
  const parts = token.split('.');
  if (token.length > MAX_TOKEN_LENGTH || parts.length !== 3 || !parts.every((p) => BASE64URL_PART.test(p))) {
    throw invalid([
      problem(
        'accessToken must be a token of three base64url parts (header.payload.signature)',
        'accessToken',
        'format',
      ),
    ]);
  }
  return token;
}

/** `applyBookmarkState`'s body: `{ state }`, a state string as the models validate it. */
export function checkedBookmarkStateText(body: unknown): string {
  assertValid(validateApplyBookmarkStateRequest(body === undefined || body === null ? {} : body));
  return (body as { state: string }).state;
}

/** Every filter a bookmark state holds is checked as filters at their place in the state (no `error` event). */
export function assertBookmarkFilters(controller: ReportController, state: BookmarkState): void {
  const lists: [string, readonly unknown[]][] = [['state.reportFilters', state.reportFilters ?? []]];
  for (const [page, filters] of Object.entries(state.pageFilters ?? {})) {
    lists.push([`state.pageFilters.${page}`, filters]);
  }
  for (const [page, visuals] of Object.entries(state.visualFilters ?? {})) {
    for (const [visual, filters] of Object.entries(visuals)) {
      lists.push([`state.visualFilters.${page}.${visual}`, filters]);
    }
  }
  for (const [path, filters] of lists) {
    if (!Array.isArray(filters))
      throw invalid([problem(`${path} must be an array of filters`, path, 'type')]);
    assertValid(filterErrors(controller, filters, path));
  }
}

/** The longest page name the frame accepts: more than fits a tab, short enough to keep the page list usable. */
export const MAX_DISPLAY_NAME = 200;

/**
 * A page's `displayName` in an add or rename body: a string of 1 to 200 characters, not only spaces;
 * `undefined` when absent (or empty) and `optional`.
 */
export function checkedDisplayName(body: unknown, optional: false): string;
export function checkedDisplayName(body: unknown, optional: true): string | undefined;
export function checkedDisplayName(body: unknown, optional: boolean): string | undefined {
  const value = (body as { displayName?: unknown } | null)?.displayName;
  if (value === undefined || value === null || (optional && value === '')) {
    if (optional) return undefined;
    throw invalid([problem('displayName is required', 'displayName', 'required')]);
  }
  if (typeof value !== 'string')
    throw invalid([problem('displayName must be a string', 'displayName', 'type')]);
  if (value.trim() === '' || value.length > MAX_DISPLAY_NAME) {
    throw invalid([
      problem(`displayName must hold 1 to ${MAX_DISPLAY_NAME} characters`, 'displayName', 'range'),
    ]);
  }
  return value;
}
