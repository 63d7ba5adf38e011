/**
 * Rules for what loads or creates content (report, dashboard, tile, Q&A, create, quick create, paginated
 * report) and for the smaller request bodies: bookmarks, pages, save-as, export, visual creation.
 */
import { check, fail, requiredString, stringArray, zeroOrOne, type Rule } from './engine.ts';
import { reportLoadFilters } from './filter-rules.ts';
import { paginatedReportSettings, qnaSettings, settings, visualLayout } from './settings-rules.ts';

const tokenType: Rule = zeroOrOne;
const viewMode: Rule = zeroOrOne;

export const customTheme: Rule = { fields: { themeJson: 'object' } };

// Bookmarks

export const captureBookmarkOptions: Rule = {
  fields: { personalizeVisuals: 'boolean', allPages: 'boolean' },
};
export const captureBookmarkRequest: Rule = { fields: { options: ['required', captureBookmarkOptions] } };
export const playBookmarkRequest: Rule = { fields: { playMode: ['required', zeroOrOne] } };
export const addBookmarkRequest: Rule = {
  fields: { state: 'string', displayName: 'string', apply: 'boolean' },
};
export const applyBookmarkByNameRequest: Rule = { fields: { name: requiredString } };
export const applyBookmarkStateRequest: Rule = { fields: { state: requiredString } };
/** A report bookmark; its children (a bookmark group's members) are checked the same way. */
export const bookmark: Rule = {
  fields: {
    name: requiredString,
    displayName: 'string',
    state: 'string',
    children: (value, field, path) => check({ array: bookmark }, value, field, path),
  },
};

// Reports

const paginatedDatasetBinding: Rule = {
  fields: { sourceDatasetId: requiredString, targetDatasetId: requiredString },
};
const datasetBinding: Rule = [
  'object',
  (value, _field, path) => {
    const binding = value as { datasetId?: unknown; paginatedReportBindings?: unknown } | undefined;
    return binding && !binding.datasetId && !binding.paginatedReportBindings
      ? fail('datasetBinding cannot be empty', 'invalid', path)
      : undefined;
  },
  { fields: { datasetId: 'string', paginatedReportBindings: { array: paginatedDatasetBinding } } },
];

export const reportLoad: Rule = {
  fields: {
    accessToken: requiredString,
    id: requiredString,
    groupId: 'string',
    settings,
    pageName: 'string',
    filters: reportLoadFilters,
    permissions: { enum: [0, 1, 2, 4, 7] },
    viewMode,
    tokenType,
    bookmark: { anyOf: [applyBookmarkByNameRequest, applyBookmarkStateRequest] },
    theme: customTheme,
    embedUrl: 'string',
    datasetBinding,
    contrastMode: { enum: [0, 1, 2, 3, 4] },
  },
};

export const paginatedReportLoad: Rule = {
  fields: {
    accessToken: requiredString,
    id: requiredString,
    groupId: 'string',
    settings: paginatedReportSettings,
    tokenType,
    embedUrl: 'string',
    type: 'string',
    parameterValues: { array: { fields: { name: requiredString, value: 'string' } } },
    datasetBindings: { array: paginatedDatasetBinding },
  },
};

export const createReport: Rule = {
  fields: {
    accessToken: requiredString,
    datasetId: requiredString,
    groupId: 'string',
    tokenType,
    theme: customTheme,
  },
};

/** Inline data needs a schema, a datasource connection needs a mashup document, and one of the two is needed. */
export const datasetCreateConfig: Rule = [
  {
    fields: {
      locale: requiredString,
      mashupDocument: 'string',
      datasourceConnectionConfig: {
        fields: {
          dataCacheMode: zeroOrOne,
          credentials: {
            fields: { credentialType: { enum: [0, 1, 2] }, credentialDetails: { map: 'string' } },
          },
        },
      },
      tableSchemaList: {
        array: {
          fields: {
            name: requiredString,
            columns: [
              'required',
              {
                array: { fields: { name: requiredString, displayName: 'string', dataType: requiredString } },
              },
            ],
          },
        },
      },
      data: {
        array: { fields: { name: requiredString, rows: ['required', { array: { array: 'string' } }] } },
      },
    },
  },
  (value, _field, path) => {
    const config = value as Record<string, unknown> | undefined;
    if (!config) return undefined;
    if (config.datasourceConnectionConfig && config.mashupDocument == null) {
      return fail(
        'mashupDocument cannot be empty when datasourceConnectionConfig is presented',
        'invalid',
        path,
      );
    }
    if (config.data && config.tableSchemaList == null) {
      return fail('tableSchemaList cannot be empty when data is provided', 'invalid', path);
    }
    if (config.data == null && config.mashupDocument == null) {
      return fail('At least one of data or mashupDocument must be provided', 'invalid', path);
    }
    return undefined;
  },
];

export const quickCreate: Rule = {
  fields: {
    accessToken: requiredString,
    groupId: 'string',
    tokenType,
    theme: customTheme,
    datasetCreateConfig: ['required', datasetCreateConfig],
  },
};

// Dashboards, tiles and Q&A

export const dashboardLoad: Rule = {
  fields: {
    accessToken: requiredString,
    id: requiredString,
    groupId: 'string',
    pageView: {
      oneOf: ['fitToWidth', 'oneColumn', 'actualSize'],
      message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize',
    },
    tokenType,
    embedUrl: 'string',
  },
};

export const tileLoad: Rule = {
  fields: {
    accessToken: requiredString,
    id: requiredString,
    dashboardId: requiredString,
    groupId: 'string',
    pageView: 'string',
    tokenType,
    width: 'number',
    height: 'number',
  },
};

export const qnaLoad: Rule = {
  fields: {
    accessToken: requiredString,
    datasetIds: ['required', stringArray],
    question: 'string',
    viewMode,
    settings: qnaSettings,
    tokenType,
    groupId: 'string',
  },
};

export const qnaInterpretInputData: Rule = { fields: { datasetIds: stringArray, question: requiredString } };

// Small request bodies

export const page: Rule = { fields: { name: requiredString } };
export const saveAsParameters: Rule = { fields: { name: requiredString, targetWorkspaceId: 'string' } };
export const exportDataRequest: Rule = { fields: { rows: 'number', exportDataType: zeroOrOne } };
export const createVisualRequest: Rule = {
  fields: { visualType: requiredString, layout: visualLayout, autoFocus: 'boolean' },
};
