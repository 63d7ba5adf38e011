/**
 * Field by field: for each load/create validator, removing any required field, or giving any field a value of
 * the wrong type, gives the exact powerbi-models message for that field.
 */
import { describe, expect, it } from 'vitest';
import * as v from './validators.ts';

interface Fields {
  required: string[];
  strings?: string[];
  numbers?: string[];
  booleans?: string[];
  /** Numeric enums: [field, a value past the last member]. */
  enums?: [string, number][];
}

const datasetCreateConfig = { locale: 'en-US', mashupDocument: 'let x = 1 in x' };

const table: [string, (input: unknown) => unknown, Record<string, unknown>, Fields][] = [
  [
    'validateReportLoad',
    v.validateReportLoad,
    { accessToken: 't', id: 'r' },
    {
      required: ['accessToken', 'id'],
      strings: ['accessToken', 'id', 'groupId', 'pageName', 'embedUrl'],
      enums: [
        ['permissions', 8],
        ['viewMode', 2],
        ['tokenType', 2],
        ['contrastMode', 5],
      ],
    },
  ],
  [
    'validatePaginatedReportLoad',
    v.validatePaginatedReportLoad,
    { accessToken: 't', id: 'r' },
    {
      required: ['accessToken', 'id'],
      strings: ['accessToken', 'id', 'groupId', 'embedUrl', 'type'],
      enums: [['tokenType', 2]],
    },
  ],
  [
    'validateCreateReport',
    v.validateCreateReport,
    { accessToken: 't', datasetId: 'd' },
    {
      required: ['accessToken', 'datasetId'],
      strings: ['accessToken', 'datasetId', 'groupId'],
      enums: [['tokenType', 2]],
    },
  ],
  [
    'validateQuickCreate',
    v.validateQuickCreate,
    { accessToken: 't', datasetCreateConfig },
    {
      required: ['accessToken', 'datasetCreateConfig'],
      strings: ['accessToken', 'groupId'],
      enums: [['tokenType', 2]],
    },
  ],
  [
    'validateDatasetCreateConfig',
    v.validateDatasetCreateConfig,
    datasetCreateConfig,
    { required: ['locale'], strings: ['locale', 'mashupDocument'] },
  ],
  [
    'validateDashboardLoad',
    v.validateDashboardLoad,
    { accessToken: 't', id: 'd' },
    {
      required: ['accessToken', 'id'],
      strings: ['accessToken', 'id', 'groupId', 'pageView', 'embedUrl'],
      enums: [['tokenType', 2]],
    },
  ],
  [
    'validateTileLoad',
    v.validateTileLoad,
    { accessToken: 't', id: 'x', dashboardId: 'd' },
    {
      required: ['accessToken', 'id', 'dashboardId'],
      strings: ['accessToken', 'id', 'dashboardId', 'groupId', 'pageView'],
      numbers: ['width', 'height'],
      enums: [['tokenType', 2]],
    },
  ],
  [
    'validateLoadQnaConfiguration',
    v.validateLoadQnaConfiguration,
    { accessToken: 't', datasetIds: ['d'] },
    {
      required: ['accessToken', 'datasetIds'],
      strings: ['accessToken', 'question', 'groupId'],
      enums: [
        ['viewMode', 2],
        ['tokenType', 2],
      ],
    },
  ],
  [
    'validateSettings',
    v.validateSettings,
    {},
    {
      required: [],
      booleans: [
        'filterPaneEnabled',
        'navContentPaneEnabled',
        'bookmarksPaneEnabled',
        'useCustomSaveAsDialog',
        'hideErrors',
        'personalBookmarksEnabled',
        'persistentFiltersEnabled',
        'visualRenderedEvents',
        'authoringHintsEnabled',
      ],
      enums: [
        ['layoutType', 4],
        ['background', 2],
        ['hyperlinkClickBehavior', 3],
      ],
    },
  ],
];

describe.each(table)('%s, field by field', (_name, validate, valid, fields) => {
  const expectMessage = (input: object, message: string) =>
    expect(validate(input)).toEqual([expect.objectContaining({ message })]);

  it.each(fields.required)('requires %s', (field) => {
    const { [field]: _removed, ...rest } = valid;
    expectMessage(rest, `${field} is required`);
    expectMessage({ ...valid, [field]: null }, `${field} is required`);
  });

  it.each(fields.strings ?? [])('wants %s to be a string', (field) => {
    expectMessage({ ...valid, [field]: 7 }, `${field} must be a string`);
  });

  it.each(fields.numbers ?? [])('wants %s to be a number', (field) => {
    expectMessage({ ...valid, [field]: '7' }, `${field} must be a number`);
  });

  it.each(fields.booleans ?? [])('wants %s to be a boolean', (field) => {
    expectMessage({ ...valid, [field]: 'true' }, `${field} must be a boolean`);
  });

  it.each(fields.enums ?? [])('wants %s to be one of its enum values', (field, outside) => {
    expectMessage({ ...valid, [field]: outside }, `${field} property is invalid`);
    expectMessage({ ...valid, [field]: String(outside) }, `${field} must be a number`);
  });
});
