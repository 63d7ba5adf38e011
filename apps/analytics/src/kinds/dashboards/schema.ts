/**
 * The stored dashboard's shape as a TypeBox schema, and the checks a schema cannot make: unique tile ids and every
 * tile inside the grid. A file that fails either is not served (the store reports it instead).
 */
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { FilterSchema } from '../../content/definition-schema.ts';
import type { Dashboard, DashboardDefinition } from '@portico/analytics-model';

/** The widest grid a dashboard may have, and the most tiles. */
export const MAX_COLUMNS = 12;
export const MAX_TILES = 100;
const MAX_ROWS = 200;

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Span = (max: number) => Type.Integer({ minimum: 1, maximum: max });
const Placement = {
  id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  title: Type.String({ maxLength: 200 }),
  subtitle: Type.Optional(Type.String({ maxLength: 200 })),
  row: Type.Integer({ minimum: 0, maximum: MAX_ROWS }),
  col: Type.Integer({ minimum: 0, maximum: MAX_COLUMNS - 1 }),
  rowSpan: Span(MAX_ROWS),
  colSpan: Span(MAX_COLUMNS),
};

export const TileSchema = Type.Union([
  Type.Object({
    ...Placement,
    kind: Type.Literal('visual'),
    reportId: Name,
    pageName: Name,
    visualName: Name,
  }),
  Type.Object({
    ...Placement,
    kind: Type.Literal('card'),
    reportId: Name,
    pageName: Type.Optional(Name),
    measure: Type.Object({ measure: Type.Object({ table: Name, measure: Name }) }),
    filters: Type.Optional(Type.Array(FilterSchema, { maxItems: 20 })),
  }),
  Type.Object({ ...Placement, kind: Type.Literal('text'), text: Type.String({ maxLength: 2000 }) }),
]);

export const DashboardDefinitionSchema = Type.Object({
  columns: Span(MAX_COLUMNS),
  tiles: Type.Array(TileSchema, { maxItems: MAX_TILES }),
});

export const DashboardSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  workspaceId: Type.String({ minLength: 1, maxLength: 100 }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  source: Type.Union([Type.Literal('sample'), Type.Literal('user')]),
  definition: DashboardDefinitionSchema,
});

/**
 * The problems of a definition that its schema cannot see, as messages naming the tile; empty when it is sound.
 *
 * ```ts
 * definitionProblems({ columns: 2, tiles: [{ id: 'a', col: 1, colSpan: 2, … }] }); // ["tiles[0] ('a'): …"]
 * ```
 */
export function definitionProblems(definition: DashboardDefinition): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  definition.tiles.forEach((tile, i) => {
    const where = `tiles[${i}] ('${tile.id}')`;
    if (seen.has(tile.id)) problems.push(`${where}: the id is used by an earlier tile`);
    seen.add(tile.id);
    if (tile.col + tile.colSpan > definition.columns) {
      problems.push(
        `${where}: columns ${tile.col}–${tile.col + tile.colSpan - 1} lie outside the grid's ${definition.columns}`,
      );
    }
  });
  return problems;
}

/** The problems of a stored document (schema first, then the grid); empty when it can be served. */
export function dashboardProblems(document: unknown): string[] {
  if (!Value.Check(DashboardSchema, document)) {
    const first = Value.Errors(DashboardSchema, document)[0];
    return [`${first?.instancePath ?? ''} ${first?.message ?? 'does not match the dashboard schema'}`.trim()];
  }
  return definitionProblems((document as Dashboard).definition);
}
