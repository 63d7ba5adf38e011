/**
 * Every validation message that spec/embed-library.md §5 gives word for word, checked against the validator
 * that produces it. (The §5 messages about embed URLs, ids and page names belong to the host SDK.)
 */
import { describe, expect, it } from 'vitest';
import { check } from './engine.ts';
import { removeFiltersRequest } from './filter-rules.ts';
import { flatMenuExtension, groupedMenuExtension } from './settings-rules.ts';
import * as v from './validators.ts';

const datasetWithConnection = {
  locale: 'en-US',
  datasourceConnectionConfig: { dataCacheMode: 0 },
  data: [{ name: 'T', rows: [] }],
  tableSchemaList: [],
};

const cases: [string, (input: unknown) => unknown, unknown, { message: string; keyword?: string }][] = [
  [
    "'{field} is required' (keyword required)",
    v.validateReportLoad,
    { id: 'r' },
    { message: 'accessToken is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the report id",
    v.validateReportLoad,
    { accessToken: 't' },
    { message: 'id is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for Q&A dataset ids",
    v.validateLoadQnaConfiguration,
    { accessToken: 't' },
    { message: 'datasetIds is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the Q&A question",
    v.validateQnaInterpretInputData,
    {},
    { message: 'question is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the create dataset id",
    v.validateCreateReport,
    { accessToken: 't' },
    { message: 'datasetId is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the quick-create dataset",
    v.validateQuickCreate,
    { accessToken: 't' },
    { message: 'datasetCreateConfig is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the dataset locale",
    v.validateDatasetCreateConfig,
    { mashupDocument: 'm' },
    { message: 'locale is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for the tile's dashboard",
    v.validateTileLoad,
    { accessToken: 't', id: 'x' },
    { message: 'dashboardId is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a paginated report's token",
    v.validatePaginatedReportLoad,
    { id: 'r' },
    { message: 'accessToken is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for save-as",
    v.validateSaveAsParameters,
    {},
    { message: 'name is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a slicer's selector",
    v.validateSlicer,
    { state: { filters: [] } },
    { message: 'selector is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a slicer's state",
    v.validateSlicer,
    { selector: { visualName: 'v' } },
    { message: 'state is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a visual selector's name",
    v.validateVisualSelector,
    {},
    { message: 'visualName is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a visual type selector's $schema",
    v.validateVisualTypeSelector,
    { visualType: 't' },
    { message: '$schema is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for a slicer target selector's target",
    v.validateSlicerTargetSelector,
    { $schema: 'http://powerbi.com/product/schema#slicerTargetSelector' },
    { message: 'target is required', keyword: 'required' },
  ],
  [
    "'{field} is required' for visual header settings",
    v.validateVisualHeader,
    {},
    { message: 'settings is required', keyword: 'required' },
  ],
  [
    "'{field} property is invalid' (any-of)",
    v.validateReportLoad,
    { accessToken: 't', id: 'r', bookmark: { state: 1 } },
    { message: 'bookmark property is invalid', keyword: 'invalid' },
  ],
  [
    "'mashupDocument cannot be empty when datasourceConnectionConfig is presented'",
    v.validateDatasetCreateConfig,
    datasetWithConnection,
    { message: 'mashupDocument cannot be empty when datasourceConnectionConfig is presented' },
  ],
  [
    "'tableSchemaList cannot be empty when data is provided'",
    v.validateDatasetCreateConfig,
    { locale: 'en', data: [] },
    { message: 'tableSchemaList cannot be empty when data is provided' },
  ],
  [
    "'At least one of data or mashupDocument must be provided'",
    v.validateDatasetCreateConfig,
    { locale: 'en' },
    { message: 'At least one of data or mashupDocument must be provided' },
  ],
  [
    "'pageView must be one of the followings: fitToWidth, oneColumn, actualSize'",
    v.validateDashboardLoad,
    { accessToken: 't', id: 'd', pageView: 'fullScreen' },
    { message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize' },
  ],
];

describe('spec §5 validation messages', () => {
  it.each(cases)('%s', (_rule, validate, input, expected) => {
    expect(validate(input)).toEqual([expect.objectContaining(expected)]);
  });

  // Public validators only reach a forbidden field through an any-of (which then answers "property is
  // invalid", as powerbi-models does), so the forbidden rule is checked on the branches themselves.
  it("'{field} is forbidden' for filters sent with RemoveAll", () => {
    expect(check(removeFiltersRequest, { filtersOperation: 0, filters: [] }, 'input', '')).toEqual({
      message: 'filters is forbidden',
      path: 'filters',
      keyword: 'forbidden',
    });
    expect(v.validateUpdateFiltersRequest({ filtersOperation: 0, filters: [] })).toEqual([
      { message: 'input property is invalid', keyword: 'invalid' },
    ]);
  });

  it("'{field} is forbidden' for a menu location on a grouped menu entry, and a group on a flat one", () => {
    expect(
      check(
        groupedMenuExtension,
        { groupName: 'g', menuLocation: 1 },
        'visualOptionsMenu',
        'extend.visualOptionsMenu',
      ),
    ).toEqual({
      message: 'menuLocation is forbidden',
      path: 'extend.visualOptionsMenu.menuLocation',
      keyword: 'forbidden',
    });
    expect(check(flatMenuExtension, { groupName: null }, 'm', '')?.message).toBe('groupName is forbidden');
  });

  it('gives every message a keyword, and a path to the field when there is one', () => {
    expect(v.validateReportLoad({ id: 'r' })).toEqual([
      { message: 'accessToken is required', path: 'accessToken', keyword: 'required' },
    ]);
    expect(v.validateDatasetCreateConfig({ locale: 'en' })).toEqual([
      { message: 'At least one of data or mashupDocument must be provided', keyword: 'invalid' },
    ]);
  });
});
