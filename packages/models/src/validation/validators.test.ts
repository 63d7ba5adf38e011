import { describe, expect, it } from 'vitest';
import * as models from '../index.ts';
import { modelsCore, modelsExtras, modelsNamespace } from '../namespace.ts';
import * as v from './validators.ts';

type Validator = (input: unknown) => unknown;
/** [what is wrong, the input, the message expected]. */
type Failure = [string, unknown, string];

const column = { table: 'Store', column: 'Chain' };
const basic = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: column,
  filterType: 1,
  operator: 'In',
  values: [1],
};
const visualSelector = { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'v1' };
const typeSelector = { $schema: 'http://powerbi.com/product/schema#visualTypeSelector', visualType: 'table' };
const command = { name: 'cmd', title: 'Do it', extend: { visualContextMenu: { title: 'Do' } } };
const datasetConfig = {
  locale: 'en-US',
  tableSchemaList: [{ name: 'T', columns: [{ name: 'A', dataType: 'Text' }] }],
  data: [{ name: 'T', rows: [['x']] }],
};

/** The input with `changes` applied; a change to `undefined` removes the field. */
const edit = (input: object, changes: object) =>
  Object.fromEntries(
    Object.entries({ ...input, ...changes }).filter(
      ([key]) => !(key in changes && changes[key as never] === undefined),
    ),
  );

const table: [string, Validator, unknown, Failure[]][] = [
  [
    'validateReportLoad',
    v.validateReportLoad,
    {
      accessToken: 't',
      id: 'r',
      tokenType: 1,
      viewMode: 0,
      permissions: 7,
      filters: [basic],
      contrastMode: 4,
    },
    [
      ['no access token', { id: 'r' }, 'accessToken is required'],
      ['a numeric access token', { accessToken: 1, id: 'r' }, 'accessToken must be a string'],
      ['no id', { accessToken: 't' }, 'id is required'],
      ['an unknown token type', { accessToken: 't', id: 'r', tokenType: 2 }, 'tokenType property is invalid'],
      [
        'a token type as text',
        { accessToken: 't', id: 'r', tokenType: 'Embed' },
        'tokenType must be a number',
      ],
      ['an unknown view mode', { accessToken: 't', id: 'r', viewMode: 5 }, 'viewMode property is invalid'],
      [
        'an unknown permission',
        { accessToken: 't', id: 'r', permissions: 3 },
        'permissions property is invalid',
      ],
      ['a bad filter', { accessToken: 't', id: 'r', filters: [{}] }, 'filters property is invalid'],
      [
        'bad settings',
        { accessToken: 't', id: 'r', settings: { filterPaneEnabled: 1 } },
        'filterPaneEnabled must be a boolean',
      ],
      [
        'a bookmark of neither kind',
        { accessToken: 't', id: 'r', bookmark: {} },
        'bookmark property is invalid',
      ],
      [
        'a theme that is not an object',
        { accessToken: 't', id: 'r', theme: 'dark' },
        'theme must be an object',
      ],
      [
        'an empty dataset binding',
        { accessToken: 't', id: 'r', datasetBinding: {} },
        'datasetBinding cannot be empty',
      ],
      [
        'an unknown contrast mode',
        { accessToken: 't', id: 'r', contrastMode: 5 },
        'contrastMode property is invalid',
      ],
      ['a string', 'config', 'input must be an object'],
    ],
  ],
  [
    'validatePaginatedReportLoad',
    v.validatePaginatedReportLoad,
    {
      accessToken: 't',
      id: 'r',
      parameterValues: [{ name: 'p', value: '1' }],
      settings: { commands: { parameterPanel: { enabled: true } } },
    },
    [
      ['no id', { accessToken: 't' }, 'id is required'],
      [
        'a parameter without a name',
        { accessToken: 't', id: 'r', parameterValues: [{ value: '1' }] },
        'parameterValues property is invalid',
      ],
      [
        'a bad parameter panel',
        { accessToken: 't', id: 'r', settings: { commands: { parameterPanel: { expanded: 'no' } } } },
        'expanded must be a boolean',
      ],
      [
        'a half dataset binding',
        { accessToken: 't', id: 'r', datasetBindings: [{ sourceDatasetId: 'a' }] },
        'datasetBindings property is invalid',
      ],
    ],
  ],
  [
    'validateCreateReport',
    v.validateCreateReport,
    { accessToken: 't', datasetId: 'd', theme: { themeJson: { name: 'x' } } },
    [
      ['no access token', { datasetId: 'd' }, 'accessToken is required'],
      ['no dataset id', { accessToken: 't' }, 'datasetId is required'],
      [
        'a theme JSON that is text',
        { accessToken: 't', datasetId: 'd', theme: { themeJson: '{}' } },
        'themeJson must be an object',
      ],
    ],
  ],
  [
    'validateQuickCreate',
    v.validateQuickCreate,
    { accessToken: 't', datasetCreateConfig: datasetConfig },
    [
      ['no dataset create config', { accessToken: 't' }, 'datasetCreateConfig is required'],
      ['no locale', { accessToken: 't', datasetCreateConfig: { mashupDocument: 'm' } }, 'locale is required'],
    ],
  ],
  [
    'validateDatasetCreateConfig',
    v.validateDatasetCreateConfig,
    datasetConfig,
    [
      [
        'a column without a data type',
        edit(datasetConfig, { tableSchemaList: [{ name: 'T', columns: [{ name: 'A' }] }] }),
        'tableSchemaList property is invalid',
      ],
      [
        'rows that are not text',
        edit(datasetConfig, { data: [{ name: 'T', rows: [[1]] }] }),
        'data property is invalid',
      ],
      [
        'an unknown cache mode',
        { locale: 'en', mashupDocument: 'm', datasourceConnectionConfig: { dataCacheMode: 2 } },
        'dataCacheMode property is invalid',
      ],
      [
        'non-text credential details',
        {
          locale: 'en',
          mashupDocument: 'm',
          datasourceConnectionConfig: { credentials: { credentialDetails: { a: 1 } } },
        },
        'credentialDetails must be a string',
      ],
    ],
  ],
  [
    'validateDashboardLoad',
    v.validateDashboardLoad,
    { accessToken: 't', id: 'd', pageView: 'fitToWidth' },
    [
      ['no id', { accessToken: 't' }, 'id is required'],
      ['a numeric page view', { accessToken: 't', id: 'd', pageView: 1 }, 'pageView must be a string'],
    ],
  ],
  [
    'validateTileLoad',
    v.validateTileLoad,
    { accessToken: 't', id: 'tile', dashboardId: 'd', width: 300, height: 200 },
    [
      ['no dashboard id', { accessToken: 't', id: 'tile' }, 'dashboardId is required'],
      [
        'a width as text',
        { accessToken: 't', id: 'tile', dashboardId: 'd', width: '300px' },
        'width must be a number',
      ],
    ],
  ],
  [
    'validateLoadQnaConfiguration',
    v.validateLoadQnaConfiguration,
    {
      accessToken: 't',
      datasetIds: ['d'],
      question: 'sales?',
      viewMode: 1,
      settings: { panes: { filters: { visible: true } } },
    },
    [
      ['no dataset ids', { accessToken: 't' }, 'datasetIds is required'],
      [
        'dataset ids that are numbers',
        { accessToken: 't', datasetIds: [1] },
        'datasetIds must be an array of strings',
      ],
      [
        'bad Q&A settings',
        { accessToken: 't', datasetIds: ['d'], settings: { hideErrors: 'yes' } },
        'hideErrors must be a boolean',
      ],
    ],
  ],
  [
    'validateQnaInterpretInputData',
    v.validateQnaInterpretInputData,
    { question: 'sales?', datasetIds: ['d'] },
    [['no question', { datasetIds: ['d'] }, 'question is required']],
  ],
  [
    'validateSettings',
    v.validateSettings,
    {
      filterPaneEnabled: false,
      layoutType: 1,
      customLayout: {
        pageSize: { type: 4 },
        displayOption: 1,
        pagesLayout: { p1: { visualsLayout: { v1: { x: 1, displayState: { mode: 1 } } } } },
      },
      extensions: { commands: [command], groups: [{ name: 'g', title: 'G' }] },
      commands: [{ exportData: { displayOption: 2, selector: typeSelector } }],
      visualSettings: { visualHeaders: [{ settings: { visible: false }, selector: visualSelector }] },
      panes: { pageNavigation: { visible: true, position: 1 } },
      bars: { statusBar: { visible: true } },
      printSettings: { browserPrintAdjustmentsMode: 1 },
      hyperlinkClickBehavior: 2,
      zoomLevel: 1.5,
    },
    [
      ['an unknown layout type', { layoutType: 4 }, 'layoutType property is invalid'],
      [
        'a page layout without visuals',
        { customLayout: { pagesLayout: { p1: {} } } },
        'visualsLayout is required',
      ],
      ['extensions of neither form', { extensions: { groups: [] } }, 'extensions property is invalid'],
      ['a bad pane', { panes: { filters: { expanded: 'yes' } } }, 'expanded must be a boolean'],
      ['a zoom level out of range', { zoomLevel: 5 }, 'zoomLevel must be a number between 0.25 and 4'],
      ['an unknown background', { background: 2 }, 'background property is invalid'],
    ],
  ],
  [
    'validatePaginatedReportSettings',
    v.validatePaginatedReportSettings,
    { commands: { parameterPanel: { expanded: true } } },
    [['bad commands', { commands: 1 }, 'commands must be an object']],
  ],
  [
    'validatePanes',
    v.validatePanes,
    { bookmarks: { visible: true } },
    [['a bad bookmarks pane', { bookmarks: { visible: 1 } }, 'visible must be a boolean']],
  ],
  [
    'validateBookmarksPane',
    v.validateBookmarksPane,
    { visible: true },
    [['a numeric flag', { visible: 1 }, 'visible must be a boolean']],
  ],
  [
    'validateFiltersPane',
    v.validateFiltersPane,
    { visible: true, expanded: false, position: 0 },
    [
      ['a text flag', { expanded: 'no' }, 'expanded must be a boolean'],
      ['an unknown position', { position: 2 }, 'position property is invalid'],
      ['a position given by name', { position: 'Left' }, 'position must be a number'],
    ],
  ],
  [
    'validateFieldsPane',
    v.validateFieldsPane,
    { expanded: true },
    [['a text flag', { expanded: 'no' }, 'expanded must be a boolean']],
  ],
  [
    'validatePageNavigationPane',
    v.validatePageNavigationPane,
    { visible: true, position: 0 },
    [['an unknown position', { position: 2 }, 'position property is invalid']],
  ],
  [
    'validateSelectionPane',
    v.validateSelectionPane,
    { visible: false },
    [['a text flag', { visible: 'no' }, 'visible must be a boolean']],
  ],
  [
    'validateSyncSlicersPane',
    v.validateSyncSlicersPane,
    { visible: false },
    [['a text flag', { visible: 'no' }, 'visible must be a boolean']],
  ],
  [
    'validateVisualizationsPane',
    v.validateVisualizationsPane,
    { expanded: true },
    [['a text flag', { expanded: 'no' }, 'expanded must be a boolean']],
  ],
  [
    'validateCustomLayout',
    v.validateCustomLayout,
    { displayOption: 2 },
    [['an unknown display option', { displayOption: 3 }, 'displayOption property is invalid']],
  ],
  [
    'validateCustomPageSize',
    v.validateCustomPageSize,
    { type: 4, width: 1280, height: 720 },
    [
      ['no type', { width: 1 }, 'type is required'],
      ['a width as text', { type: 4, width: '1px' }, 'width must be a number'],
    ],
  ],
  [
    'validateVisualLayout',
    v.validateVisualLayout,
    { x: 1, y: 1, z: 1, displayState: { mode: 0 } },
    [['an unknown display mode', { displayState: { mode: 2 } }, 'mode property is invalid']],
  ],
  [
    'validateExtension',
    v.validateExtension,
    { command },
    [['a command without a title', { command: edit(command, { title: undefined }) }, 'title is required']],
  ],
  [
    'validateCommandExtension',
    v.validateCommandExtension,
    {
      ...command,
      selector: typeSelector,
      extend: { visualOptionsMenu: { title: 'Do', icon: 'data:', groupName: 'g' } },
    },
    [
      ['no name', edit(command, { name: undefined }), 'name is required'],
      ['no extension point', edit(command, { extend: undefined }), 'extend is required'],
      [
        'both a group and a location',
        edit(command, { extend: { visualContextMenu: { groupName: 'g', menuLocation: 0 } } }),
        'visualContextMenu property is invalid',
      ],
      [
        'a selector of another kind',
        { ...command, selector: { visualName: 1 } },
        'selector property is invalid',
      ],
    ],
  ],
  [
    'validateMenuGroupExtension',
    v.validateMenuGroupExtension,
    { name: 'g', title: 'Group', menuLocation: 1 },
    [
      ['no title', { name: 'g' }, 'title is required'],
      ['an unknown location', { name: 'g', title: 'G', menuLocation: 2 }, 'menuLocation property is invalid'],
    ],
  ],
  [
    'validateCommandsSettings',
    v.validateCommandsSettings,
    { copy: { displayOption: 0 }, clearSelection: { displayOption: 1, selector: visualSelector } },
    [
      ['no display option', { drill: {} }, 'displayOption is required'],
      ['an unknown display option', { sort: { displayOption: 3 } }, 'displayOption property is invalid'],
    ],
  ],
  [
    'validateVisualSettings',
    v.validateVisualSettings,
    { visualHeaders: [{ settings: { visible: true } }] },
    [['a header without settings', { visualHeaders: [{}] }, 'visualHeaders property is invalid']],
  ],
  [
    'validateVisualHeader',
    v.validateVisualHeader,
    { settings: { visible: false }, selector: typeSelector },
    [
      ['no settings', { selector: visualSelector }, 'settings is required'],
      [
        'a selector with a foreign schema',
        { settings: {}, selector: { $schema: 'x', visualType: 't' } },
        'selector property is invalid',
      ],
    ],
  ],
  [
    'validateVisualHeaders',
    v.validateVisualHeaders,
    [{ settings: { visible: true } }],
    [['an object instead of a list', { settings: {} }, 'input property is invalid']],
  ],
  [
    'validatePrintSettings',
    v.validatePrintSettings,
    { browserPrintAdjustmentsMode: 0 },
    [
      [
        'an unknown mode',
        { browserPrintAdjustmentsMode: 2 },
        'browserPrintAdjustmentsMode property is invalid',
      ],
    ],
  ],
  [
    'validateZoomLevel',
    v.validateZoomLevel,
    0.25,
    [
      ['too small', 0.1, 'zoomLevel must be a number between 0.25 and 4'],
      ['text', '2', 'zoomLevel must be a number'],
    ],
  ],
  [
    'validateFilter',
    v.validateFilter,
    basic,
    [
      // A filter must match one of the kinds, so every failure reads the same (the rule tests go deeper).
      ['no target', edit(basic, { target: undefined }), 'input property is invalid'],
      ['an unknown filter type', { ...basic, filterType: 42 }, 'input property is invalid'],
      ['a basic filter without values', edit(basic, { values: undefined }), 'input property is invalid'],
      ['a list', [basic], 'input must be an object'],
    ],
  ],
  [
    'validateUpdateFiltersRequest',
    v.validateUpdateFiltersRequest,
    { filtersOperation: 2, filters: [basic] },
    [
      ['RemoveAll with filters', { filtersOperation: 0, filters: [] }, 'input property is invalid'],
      ['Add without filters', { filtersOperation: 2 }, 'input property is invalid'],
    ],
  ],
  [
    'validateVisualSelector',
    v.validateVisualSelector,
    { visualName: 'v1' },
    [
      ['no visual name', { $schema: visualSelector.$schema }, 'visualName is required'],
      [
        'another schema',
        { ...visualSelector, $schema: 'http://powerbi.com/product/schema#pageSelector' },
        '$schema property is invalid',
      ],
    ],
  ],
  [
    'validateVisualTypeSelector',
    v.validateVisualTypeSelector,
    typeSelector,
    [
      ['no schema', { visualType: 't' }, '$schema is required'],
      ['no visual type', { $schema: typeSelector.$schema }, 'visualType is required'],
    ],
  ],
  [
    'validateSlicerTargetSelector',
    v.validateSlicerTargetSelector,
    {
      $schema: 'http://powerbi.com/product/schema#slicerTargetSelector',
      target: { ...column, keys: ['Id'] },
    },
    [
      [
        'no target',
        { $schema: 'http://powerbi.com/product/schema#slicerTargetSelector' },
        'target is required',
      ],
    ],
  ],
  [
    'validateSlicer',
    v.validateSlicer,
    { selector: visualSelector, state: { filters: [basic] } },
    [
      ['no selector', { state: { filters: [] } }, 'selector is required'],
      ['no state', { selector: visualSelector }, 'state is required'],
      [
        'filters that are not a list',
        { selector: visualSelector, state: { filters: basic } },
        'filters property is invalid',
      ],
    ],
  ],
  [
    'validateSlicerState',
    v.validateSlicerState,
    { filters: [] },
    [['a bad filter', { filters: [1] }, 'filters property is invalid']],
  ],
  [
    'validatePage',
    v.validatePage,
    { name: 'ReportSection1', displayName: 'Overview' },
    [['no name', { displayName: 'Overview' }, 'name is required']],
  ],
  [
    'validateSaveAsParameters',
    v.validateSaveAsParameters,
    { name: 'Copy' },
    [['no name', {}, 'name is required']],
  ],
  [
    'validateExportDataRequest',
    v.validateExportDataRequest,
    { rows: 10, exportDataType: 1 },
    [
      ['rows as text', { rows: 'ten' }, 'rows must be a number'],
      ['an unknown export type', { exportDataType: 2 }, 'exportDataType property is invalid'],
    ],
  ],
  [
    'validateCreateVisual',
    v.validateCreateVisual,
    { visualType: 'table', layout: { x: 0 }, autoFocus: true },
    [['no visual type', { layout: {} }, 'visualType is required']],
  ],
  [
    'validateCustomTheme',
    v.validateCustomTheme,
    { themeJson: {} },
    [['a list', [], 'input must be an object']],
  ],
  [
    'validateBookmark',
    v.validateBookmark,
    { name: 'b1', displayName: 'Group', children: [{ name: 'b2', state: 'abc' }] },
    [
      ['no name', { displayName: 'x' }, 'name is required'],
      ['a child without a name', { name: 'b1', children: [{}] }, 'children property is invalid'],
    ],
  ],
  [
    'validateApplyBookmarkByNameRequest',
    v.validateApplyBookmarkByNameRequest,
    { name: 'b1' },
    [['no name', {}, 'name is required']],
  ],
  [
    'validateApplyBookmarkStateRequest',
    v.validateApplyBookmarkStateRequest,
    { state: 's' },
    [['no state', {}, 'state is required']],
  ],
  [
    'validateAddBookmarkRequest',
    v.validateAddBookmarkRequest,
    { state: 's', displayName: 'B', apply: true },
    [['apply as text', { apply: 'yes' }, 'apply must be a boolean']],
  ],
  [
    'validatePlayBookmarkRequest',
    v.validatePlayBookmarkRequest,
    { playMode: 1 },
    [
      ['no play mode', {}, 'playMode is required'],
      ['an unknown play mode', { playMode: 2 }, 'playMode property is invalid'],
    ],
  ],
  [
    'validateCaptureBookmarkRequest',
    v.validateCaptureBookmarkRequest,
    { options: { personalizeVisuals: true, allPages: true } },
    [
      ['no options', {}, 'options is required'],
      ['a text flag', { options: { allPages: 'yes' } }, 'allPages must be a boolean'],
    ],
  ],
  [
    'validateCaptureBookmarkOptions',
    v.validateCaptureBookmarkOptions,
    { allPages: false },
    [['a text flag', { personalizeVisuals: 'yes' }, 'personalizeVisuals must be a boolean']],
  ],
];

// The UMD build's `models` makes its validators from the rule table: every case runs against both.
const built = modelsNamespace() as unknown as Record<string, Validator>;
const surfaces: [string, (name: string, validator: Validator) => Validator][] = [
  ['validators.ts', (_name, validator) => validator],
  ['the namespace built from the rule table', (name) => built[name] as Validator],
];

describe.each(surfaces)('in %s', (_surface, pick) => {
  describe.each(table)('%s', (name, validator, valid, failures) => {
    const validate = pick(name, validator);

    it('accepts a valid input', () => {
      expect(validate(valid)).toBeUndefined();
    });

    it('accepts a missing input, as powerbi-models does', () => {
      expect(validate(undefined)).toBeUndefined();
    });

    it.each(failures)('rejects %s', (_what, input, message) => {
      expect(validate(input)).toEqual([expect.objectContaining({ message })]);
    });
  });
});

describe('every validator', () => {
  it('is in the table above', () => {
    const tested = new Set(table.map(([name]) => name));
    const exported = Object.keys(v).filter(
      (name) => name.startsWith('validate') && name !== 'validateQnaLoad',
    );
    expect(exported.filter((name) => !tested.has(name))).toEqual([]);
  });

  it('has validateQnaLoad as another name of validateLoadQnaConfiguration', () => {
    expect(v.validateQnaLoad).toBe(v.validateLoadQnaConfiguration);
    expect(built.validateQnaLoad).toBe(built.validateLoadQnaConfiguration);
  });
});

describe('the namespace built from the rule table', () => {
  it('has the names of @portico/models, and its other members are the same objects', () => {
    expect(Object.keys(built).sort()).toEqual(Object.keys(models).sort());
    for (const [name, member] of Object.entries(models)) {
      if (!name.startsWith('validate') || name === 'validate') expect(built[name]).toBe(member);
    }
  });

  it('is the UMD core and its add-on, which share no name', () => {
    const core = Object.keys(modelsCore());
    expect(core).toContain('validateReportLoad');
    expect(core).toContain('FilterType');
    expect(Object.keys(modelsExtras()).filter((name) => core.includes(name))).toEqual([]);
  });

  it('names a zoom level zoomLevel in its messages, as validateZoomLevel does', () => {
    expect(built.validateZoomLevel?.(5)).toEqual([
      { message: 'zoomLevel must be a number between 0.25 and 4', keyword: 'range' },
    ]);
    expect(built.validateZoomLevel?.(5)).toEqual(v.validateZoomLevel(5));
  });
});

describe('error details', () => {
  it('gives the dotted path and keyword of a nested failure', () => {
    expect(
      v.validateReportLoad({
        accessToken: 't',
        id: 'r',
        settings: { panes: { filters: { visible: 'no' } } },
      }),
    ).toEqual([
      { message: 'visible must be a boolean', path: 'settings.panes.filters.visible', keyword: 'type' },
    ]);
  });

  it('accepts a report load whose filter pane sits on the left, and names the path of an unknown side', () => {
    const load = (position: unknown) =>
      v.validateReportLoad({ accessToken: 't', id: 'r', settings: { panes: { filters: { position } } } });
    expect(load(0)).toBeUndefined();
    expect(load(1)).toBeUndefined();
    expect(load(5)).toEqual([
      expect.objectContaining({
        message: 'position property is invalid',
        path: 'settings.panes.filters.position',
      }),
    ]);
  });

  it('reports only the first problem, in field order', () => {
    expect(v.validateReportLoad({ id: 1 })).toEqual([
      { message: 'accessToken is required', path: 'accessToken', keyword: 'required' },
    ]);
  });

  it('gives a top-level type error no path', () => {
    expect(v.validatePage(42)).toEqual([{ message: 'input must be an object', keyword: 'type' }]);
  });
});
