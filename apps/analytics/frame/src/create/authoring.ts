/**
 * The authoring surface's edits, as pure functions over a report definition and its dataset's model: add a page,
 * add a visual of a type, pick a field into the visual's data roles, change its type (the fields move to the new
 * type's roles), remove a field or a visual, add or remove a page's basic filter.
 */
import type { AuthoringMessages } from '../model/authoring-messages.ts';
import { authoringMessages } from '../model/authoring-messages.ts';
import { BasicFilter } from '@portico/models';
import { authoringWording } from '@portico/analytics-model';
import type { AuthoringWording } from '@portico/analytics-model';
import type { IFilter } from '@portico/models';
import type {
  DataType,
  FieldRef,
  PublicDataset,
  ReportDefinition,
  ReportPage,
  ReportVisual,
  VisualType,
} from '@portico/analytics-model';

/** The types offered, with the names the surface shows. */
export const AUTHORING_TYPES: readonly { readonly type: VisualType; readonly label: string }[] = [
  { type: 'card', label: 'Card' },
  { type: 'tableEx', label: 'Table' },
  { type: 'pivotTable', label: 'Matrix' },
  { type: 'clusteredBarChart', label: 'Bar chart' },
  { type: 'clusteredColumnChart', label: 'Column chart' },
  { type: 'stackedColumnChart', label: 'Stacked column chart' },
  { type: 'lineChart', label: 'Line chart' },
  { type: 'areaChart', label: 'Area chart' },
  { type: 'pieChart', label: 'Pie chart' },
  { type: 'donutChart', label: 'Donut chart' },
];

/** The messages' name of each visual type the surface offers. */
const TYPE_NAMES: Readonly<Partial<Record<VisualType, keyof AuthoringMessages>>> = {
  card: 'card',
  tableEx: 'table',
  pivotTable: 'matrix',
  clusteredBarChart: 'barChart',
  clusteredColumnChart: 'columnChart',
  stackedColumnChart: 'stackedColumnChart',
  lineChart: 'lineChart',
  areaChart: 'areaChart',
  pieChart: 'pieChart',
  donutChart: 'donutChart',
};

/**
 * What the surface names things in the author's language: visual types, implicit aggregations ("Summe von
 * Pages"), generated titles ("… nach Model") and new pages ("Seite 2"). The names it gives are the report's content:
 * a report authored in German keeps its German titles.
 */
export interface AuthoringNames {
  readonly messages: AuthoringMessages;
  readonly words: AuthoringWording;
}

export const authoringNames = (language: string | undefined): AuthoringNames => ({
  messages: authoringMessages(language),
  words: authoringWording(language),
});

const ENGLISH = authoringNames('en');

/** A visual type's name: `Bar chart`, `Balkendiagramm`. */
export function labelOf(type: VisualType, names: AuthoringNames = ENGLISH): string {
  const key = TYPE_NAMES[type];
  const name = key === undefined ? undefined : names.messages[key];
  return typeof name === 'string' ? name : (AUTHORING_TYPES.find((t) => t.type === type)?.label ?? type);
}

const PAGE = { width: 1280, height: 720 };
const SLOT = { width: 612, height: 300, gap: 18 };

export function emptyDefinition(names: AuthoringNames = ENGLISH): ReportDefinition {
  return { pages: [newPage('page-1', names.words.page(1))], filters: [], bookmarks: [] };
}

function newPage(name: string, displayName: string): ReportPage {
  return { ...PAGE, name, displayName, displayOption: 1, visibility: 0, filters: [], visuals: [] };
}

const withPage = (
  definition: ReportDefinition,
  pageName: string,
  change: (page: ReportPage) => ReportPage,
): ReportDefinition => ({
  ...definition,
  pages: definition.pages.map((p) => (p.name === pageName ? change(p) : p)),
});

/** Adds `Page n` (the first free `page-n`) and returns the definition and the new page's name. */
export function addPage(
  definition: ReportDefinition,
  names: AuthoringNames = ENGLISH,
): { definition: ReportDefinition; page: string } {
  let n = definition.pages.length + 1;
  while (definition.pages.some((p) => p.name === `page-${n}`)) n += 1;
  const page = newPage(`page-${n}`, names.words.page(n));
  return { definition: { ...definition, pages: [...definition.pages, page] }, page: page.name };
}

/** Adds an empty visual of `type` in the page's next free slot (two per row); returns its name. */
export function addVisual(
  definition: ReportDefinition,
  pageName: string,
  type: VisualType,
  names: AuthoringNames = ENGLISH,
): { definition: ReportDefinition; visual: string } {
  let visual = '';
  const next = withPage(definition, pageName, (page) => {
    let n = page.visuals.length + 1;
    while (page.visuals.some((v) => v.name === `visual-${n}`)) n += 1;
    visual = `visual-${n}`;
    const slot = page.visuals.length;
    const x = SLOT.gap + (slot % 2) * (SLOT.width + SLOT.gap);
    const y = SLOT.gap + Math.floor(slot / 2) * (SLOT.height + SLOT.gap);
    const added: ReportVisual = {
      name: visual,
      type,
      title: labelOf(type, names),
      layout: { x, y, z: slot, width: SLOT.width, height: SLOT.height, displayState: { mode: 0 } },
      dataRoles: {},
      filters: [],
      formatting: {},
    };
    return {
      ...page,
      height: Math.max(page.height, y + SLOT.height + SLOT.gap),
      visuals: [...page.visuals, added],
    };
  });
  return { definition: next, visual };
}

const withVisual = (
  definition: ReportDefinition,
  pageName: string,
  visualName: string,
  change: (visual: ReportVisual) => ReportVisual | undefined,
): ReportDefinition =>
  withPage(definition, pageName, (page) => ({
    ...page,
    visuals: page.visuals.flatMap((v) => {
      if (v.name !== visualName) return [v];
      const changed = change(v);
      return changed === undefined ? [] : [changed];
    }),
  }));

const NUMERIC = new Set<DataType>(['integer', 'decimal']);
const CATEGORY_ROLES: Partial<Record<VisualType, readonly string[]>> = {
  pivotTable: ['rows', 'columns'],
  clusteredBarChart: ['category', 'series'],
  clusteredColumnChart: ['category', 'series'],
  stackedColumnChart: ['category', 'series'],
  lineChart: ['category', 'series'],
  areaChart: ['category', 'series'],
  pieChart: ['category'],
  donutChart: ['category'],
};

function dataTypeOf(dataset: PublicDataset, field: FieldRef): DataType | undefined {
  if (!('column' in field)) return undefined;
  return dataset.tables
    .find((t) => t.name === field.column.table)
    ?.columns.find((c) => c.name === field.column.column)?.dataType;
}

/** A column picked as a value of an aggregating visual becomes its sum (numbers) or count (anything else). */
function asValue(dataset: PublicDataset, field: FieldRef): FieldRef {
  if (!('column' in field)) return field;
  const numeric = NUMERIC.has(dataTypeOf(dataset, field) ?? 'string');
  return {
    aggregation: {
      table: field.column.table,
      column: field.column.column,
      function: numeric ? 'Sum' : 'Count',
    },
  };
}

/** Where a field goes in a visual of `type` that already has `roles`. */
function placeField(
  dataset: PublicDataset,
  type: VisualType,
  roles: Readonly<Record<string, readonly FieldRef[]>>,
  field: FieldRef,
): Record<string, FieldRef[]> {
  const next: Record<string, FieldRef[]> = Object.fromEntries(
    Object.entries(roles).map(([role, fields]) => [role, [...fields]]),
  );
  const push = (role: string, value: FieldRef) => {
    next[role] = [...(next[role] ?? []), value];
  };
  if (type === 'tableEx') {
    push('values', field);
    return next;
  }
  const categories = CATEGORY_ROLES[type];
  const isCategory = 'column' in field && !NUMERIC.has(dataTypeOf(dataset, field) ?? 'string');
  if (categories !== undefined && isCategory) {
    const free = categories.find((role) => (next[role]?.length ?? 0) === 0);
    push(free ?? categories[categories.length - 1] ?? 'category', field);
    return next;
  }
  push('values', asValue(dataset, field));
  return next;
}

/** Picks a field of the model into a visual's roles (a measure or number as a value, other columns as categories). */
export function addField(
  definition: ReportDefinition,
  dataset: PublicDataset,
  pageName: string,
  visualName: string,
  field: FieldRef,
  names: AuthoringNames = ENGLISH,
): ReportDefinition {
  return withVisual(definition, pageName, visualName, (visual) => {
    const dataRoles = placeField(dataset, visual.type, visual.dataRoles, field);
    return { ...visual, dataRoles, title: titleOf(dataset, visual.type, dataRoles, names) };
  });
}

/** The fields a visual holds, as picked (aggregations of a column back to the column). */
function pickedFields(visual: ReportVisual): FieldRef[] {
  return Object.values(visual.dataRoles)
    .flat()
    .map((field) =>
      'aggregation' in field
        ? { column: { table: field.aggregation.table, column: field.aggregation.column } }
        : field,
    );
}

/** Changes a visual's type; its fields are placed again in the new type's roles. */
export function setVisualType(
  definition: ReportDefinition,
  dataset: PublicDataset,
  pageName: string,
  visualName: string,
  type: VisualType,
  names: AuthoringNames = ENGLISH,
): ReportDefinition {
  return withVisual(definition, pageName, visualName, (visual) => {
    let dataRoles: Record<string, FieldRef[]> = {};
    for (const field of pickedFields(visual)) dataRoles = placeField(dataset, type, dataRoles, field);
    const { sort: _sort, ...rest } = visual;
    return { ...rest, type, dataRoles, title: titleOf(dataset, type, dataRoles, names) };
  });
}

/** Removes the `index`th field of a role (the role goes when it is empty). */
export function removeField(
  definition: ReportDefinition,
  dataset: PublicDataset,
  pageName: string,
  visualName: string,
  role: string,
  index: number,
  names: AuthoringNames = ENGLISH,
): ReportDefinition {
  return withVisual(definition, pageName, visualName, (visual) => {
    const kept = (visual.dataRoles[role] ?? []).filter((_, i) => i !== index);
    const { [role]: _removed, ...others } = visual.dataRoles;
    const dataRoles = kept.length === 0 ? others : { ...others, [role]: kept };
    const { sort: _sort, ...rest } = visual;
    return { ...rest, dataRoles, title: titleOf(dataset, visual.type, dataRoles, names) };
  });
}

export function removeVisual(
  definition: ReportDefinition,
  pageName: string,
  visualName: string,
): ReportDefinition {
  return withVisual(definition, pageName, visualName, () => undefined);
}

/** A field's name as the surface shows it: `Total pages`, `Sum of Pages` (`Summe von Pages`), `Model`. */
export function fieldLabel(dataset: PublicDataset, field: FieldRef, names: AuthoringNames = ENGLISH): string {
  if ('measure' in field) {
    const table = dataset.tables.find((t) => t.name === field.measure.table);
    return (
      table?.measures.find((m) => m.name === field.measure.measure)?.displayName ?? field.measure.measure
    );
  }
  if ('column' in field) {
    const table = dataset.tables.find((t) => t.name === field.column.table);
    return table?.columns.find((c) => c.name === field.column.column)?.displayName ?? field.column.column;
  }
  if ('aggregation' in field) {
    const table = dataset.tables.find((t) => t.name === field.aggregation.table);
    const column = table?.columns.find((c) => c.name === field.aggregation.column)?.displayName;
    return names.words.aggregation(field.aggregation.function, column ?? field.aggregation.column);
  }
  return field.hierarchyLevel.level;
}

/** `Total pages by Model`, or the type's label while the visual is empty; in the author's language. */
function titleOf(
  dataset: PublicDataset,
  type: VisualType,
  roles: Readonly<Record<string, readonly FieldRef[]>>,
  names: AuthoringNames,
): string {
  const join = (labels: readonly string[]) => labels.join(names.words.listSeparator);
  const values = (roles.values ?? []).map((f) => fieldLabel(dataset, f, names));
  const categories = ['category', 'rows', 'series', 'columns']
    .flatMap((role) => roles[role] ?? [])
    .map((f) => fieldLabel(dataset, f, names));
  if (type === 'tableEx') return values.length === 0 ? labelOf(type, names) : join(values.slice(0, 3));
  if (values.length === 0) return categories.length === 0 ? labelOf(type, names) : join(categories);
  return categories.length === 0 ? join(values) : names.words.titleBy(join(values), join(categories));
}

/**
 * A page filter keeping the rows whose column is one of `values` (typed as the column: numbers for numeric
 * columns, true/false for booleans).
 */
export function addBasicFilter(
  definition: ReportDefinition,
  dataset: PublicDataset,
  pageName: string,
  target: { table: string; column: string },
  values: readonly string[],
): ReportDefinition {
  const dataType = dataTypeOf(dataset, { column: target }) ?? 'string';
  const typed = values.map((text): string | number | boolean => {
    if (NUMERIC.has(dataType) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
    if (dataType === 'boolean') return text.trim().toLowerCase() === 'true';
    return text;
  });
  const filter = new BasicFilter(target, 'In', typed).toJSON() as IFilter;
  return withPage(definition, pageName, (page) => ({ ...page, filters: [...page.filters, filter] }));
}

export function removeFilter(
  definition: ReportDefinition,
  pageName: string,
  index: number,
): ReportDefinition {
  return withPage(definition, pageName, (page) => ({
    ...page,
    filters: page.filters.filter((_, i) => i !== index),
  }));
}

/** `Model is one of A, B` for a basic filter, in the frame's language; "A filter" otherwise. */
export function describeFilter(
  dataset: PublicDataset,
  filter: IFilter,
  messages: AuthoringMessages = authoringMessages('en'),
): string {
  const { target, values } = filter as { target?: { table?: string; column?: string }; values?: unknown[] };
  if (target?.table === undefined || target.column === undefined || !Array.isArray(values))
    return messages.someFilter;
  const name = fieldLabel(dataset, { column: { table: target.table, column: target.column } });
  const list = values.map(String).join(', ');
  return values.length === 1 ? messages.filterIs(name, list) : messages.filterIsOneOf(name, list);
}
