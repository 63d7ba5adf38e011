/**
 * Rules for report settings: panes, bars, layout, menu extensions, built-in commands and visual headers.
 */
import { requiredString, zeroOrOne, type Rule } from './engine.ts';
import { visualOrTypeSelector } from './filter-rules.ts';

const hideable: Rule = { fields: { visible: 'boolean' } };
const collapsible: Rule = { fields: { expanded: 'boolean' } };

// Panes and bars

export const bookmarksPane = hideable;
export const fieldsPane = collapsible;
export const filtersPane: Rule = {
  fields: { visible: 'boolean', expanded: 'boolean', position: zeroOrOne },
};
export const pageNavigationPane: Rule = { fields: { visible: 'boolean', position: zeroOrOne } };
export const selectionPane = hideable;
export const syncSlicersPane = hideable;
export const visualizationsPane = collapsible;

export const reportPanes: Rule = {
  fields: {
    bookmarks: bookmarksPane,
    fields: fieldsPane,
    filters: filtersPane,
    pageNavigation: pageNavigationPane,
    selection: selectionPane,
    syncSlicers: syncSlicersPane,
    visualizations: visualizationsPane,
  },
};
export const qnaPanes: Rule = { fields: { filters: filtersPane } };
const reportBars: Rule = { fields: { actionBar: hideable, statusBar: hideable } };

// Layout

export const pageSize: Rule = { fields: { type: ['required', { enum: [0, 1, 2, 3, 4, 5] }] } };
export const customPageSize: Rule = { base: pageSize, fields: { width: 'number', height: 'number' } };
export const visualLayout: Rule = {
  fields: {
    x: 'number',
    y: 'number',
    z: 'number',
    width: 'number',
    height: 'number',
    displayState: { fields: { mode: zeroOrOne } },
  },
};
const pageLayout: Rule = {
  fields: { visualsLayout: ['required', { map: visualLayout }], defaultLayout: visualLayout },
};
export const customLayout: Rule = {
  fields: { pageSize, displayOption: { enum: [0, 1, 2] }, pagesLayout: { map: pageLayout } },
};

// Menu extensions: a flat menu entry may name a location, a grouped one a group, never both.

const menuExtensionBase: Rule = { fields: { title: 'string', icon: 'string' } };
const menuLocation: Rule = zeroOrOne;
export const flatMenuExtension: Rule = {
  base: menuExtensionBase,
  fields: { menuLocation, groupName: 'forbidden' },
};
export const groupedMenuExtension: Rule = {
  base: menuExtensionBase,
  fields: { groupName: requiredString, menuLocation: 'forbidden' },
};
const menuExtension: Rule = { anyOf: [flatMenuExtension, groupedMenuExtension] };
const extensionPoints: Rule = {
  fields: { visualContextMenu: menuExtension, visualOptionsMenu: menuExtension },
};

export const commandExtension: Rule = {
  base: { fields: { name: requiredString, extend: ['required', extensionPoints] } },
  fields: { title: requiredString, icon: 'string', selector: visualOrTypeSelector },
};
export const extension: Rule = { fields: { command: commandExtension } };
export const menuGroupExtension: Rule = {
  fields: { name: requiredString, title: requiredString, menuLocation },
};
const extensions: Rule = {
  anyOf: [
    { array: extension },
    {
      fields: { commands: ['required', { array: commandExtension }], groups: { array: menuGroupExtension } },
    },
  ],
};

// Built-in commands and visual headers

const command: Rule = {
  fields: { displayOption: ['required', { enum: [0, 1, 2] }], selector: visualOrTypeSelector },
};
export const commandsSettings: Rule = {
  fields: {
    copy: command,
    drill: command,
    drillthrough: command,
    expandCollapse: command,
    exportData: command,
    includeExclude: command,
    removeVisual: command,
    search: command,
    seeData: command,
    sort: command,
    spotlight: command,
    insightsAnalysis: command,
    addComment: command,
    groupVisualContainers: command,
    summarize: command,
    clearSelection: command,
  },
};

export const visualHeader: Rule = {
  fields: { settings: ['required', { fields: { visible: 'boolean' } }], selector: visualOrTypeSelector },
};
export const visualHeaders: Rule = { array: visualHeader };
export const visualSettings: Rule = { fields: { visualHeaders } };

export const printSettings: Rule = { fields: { browserPrintAdjustmentsMode: zeroOrOne } };
export const zoomLevel: Rule = { range: [0.25, 4] };

export const settings: Rule = {
  fields: {
    filterPaneEnabled: 'boolean',
    navContentPaneEnabled: 'boolean',
    bookmarksPaneEnabled: 'boolean',
    useCustomSaveAsDialog: 'boolean',
    extensions,
    layoutType: { enum: [0, 1, 2, 3] },
    customLayout,
    background: zeroOrOne,
    visualSettings,
    hideErrors: 'boolean',
    commands: { array: commandsSettings },
    hyperlinkClickBehavior: { enum: [0, 1, 2] },
    bars: reportBars,
    panes: reportPanes,
    personalBookmarksEnabled: 'boolean',
    persistentFiltersEnabled: 'boolean',
    visualRenderedEvents: 'boolean',
    authoringHintsEnabled: 'boolean',
    printSettings,
    zoomLevel,
  },
};

export const parametersPanel: Rule = { fields: { expanded: 'boolean', enabled: 'boolean' } };
export const paginatedReportSettings: Rule = {
  fields: { commands: { fields: { parameterPanel: parametersPanel } } },
};
export const qnaSettings: Rule = {
  fields: { filterPaneEnabled: 'boolean', hideErrors: 'boolean', panes: qnaPanes },
};
