/**
 * Edits of one visual, free of React: the field a `sortBy` target names, and the name and free spot of a clone.
 */
import type { FieldRef, ReportPage, ReportVisual, VisualLayout } from '@portico/analytics-model';
import { visualFields } from '@portico/analytics-model';

/** `{ table, column }` or `{ table, measure }` (models' `ITarget` as sortBy sends it), with other keys ignored. */
export interface SortTarget {
  readonly table?: unknown;
  readonly column?: unknown;
  readonly measure?: unknown;
  readonly hierarchy?: unknown;
  readonly level?: unknown;
}

/** Table and name of a field, as a `sortBy` target names it. */
function targetOf(field: FieldRef): { table: string; name: string; kind: 'column' | 'measure' } {
  if ('column' in field) return { table: field.column.table, name: field.column.column, kind: 'column' };
  if ('measure' in field) return { table: field.measure.table, name: field.measure.measure, kind: 'measure' };
  if ('aggregation' in field) {
    return { table: field.aggregation.table, name: field.aggregation.column, kind: 'column' };
  }
  return { table: field.hierarchyLevel.table, name: field.hierarchyLevel.level, kind: 'column' };
}

/**
 * The visual's field a sort target names: a column (or a hierarchy level) or a measure it shows. Undefined when the
 * visual does not show it (a visual sorts only by what it selects).
 *
 * @example sortField(chart, { table: 'Devices', column: 'Site' }) // → { column: { table: 'Devices', column: 'Site' } }
 */
export function sortField(visual: ReportVisual, target: SortTarget): FieldRef | undefined {
  const name = target.measure ?? target.column ?? target.level;
  const kind = target.measure !== undefined ? 'measure' : 'column';
  return visualFields(visual).find((field) => {
    const t = targetOf(field);
    return t.table === target.table && t.name === name && t.kind === kind;
  });
}

/** A short description of the fields a visual can sort by, for an error message. */
export function sortableFields(visual: ReportVisual): string {
  return visualFields(visual)
    .map((field) => {
      const t = targetOf(field);
      return `'${t.table}'.'${t.name}'`;
    })
    .join(', ');
}

/** `top-models` → `top-models-copy`, then `top-models-copy-2`, … : a name no visual of the page has. */
export function cloneName(page: ReportPage, source: string): string {
  const taken = new Set(page.visuals.map((v) => v.name));
  let name = `${source}-copy`;
  for (let n = 2; taken.has(name); n += 1) name = `${source}-copy-${n}`;
  return name;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where a copy of a `size` box goes on a page: the first spot, scanning rows of 10 units from the top left, that
 * overlaps none of `taken` and stays on the page; below everything when the page is full.
 */
export function freeSpot(
  page: { width: number; height: number },
  size: { width: number; height: number },
  taken: readonly Box[],
): { x: number; y: number } {
  const step = 10;
  for (let y = 0; y + size.height <= page.height; y += step) {
    for (let x = 0; x + size.width <= page.width; x += step) {
      const box = { x, y, ...size };
      if (!taken.some((t) => overlaps(box, t))) return { x, y };
    }
  }
  const bottom = taken.reduce((max, t) => Math.max(max, t.y + t.height), 0);
  return { x: 0, y: bottom + step };
}

/** The layout of a clone: the request's entries over the source's, in a free spot unless the request places it. */
export function cloneLayout(
  page: ReportPage,
  source: ReportVisual,
  requested: Partial<VisualLayout> | undefined,
  taken: readonly Box[],
): VisualLayout {
  const width = requested?.width ?? source.layout.width;
  const height = requested?.height ?? source.layout.height;
  const placed =
    requested?.x !== undefined && requested.y !== undefined
      ? { x: requested.x, y: requested.y }
      : freeSpot(page, { width, height }, taken);
  const z = requested?.z ?? Math.max(0, ...page.visuals.map((v) => v.layout.z)) + 1;
  return {
    x: requested?.x ?? placed.x,
    y: requested?.y ?? placed.y,
    z,
    width,
    height,
    displayState: requested?.displayState ?? source.layout.displayState,
  };
}
