/**
 * The report definition's shape as a TypeBox schema (for request validation and the OpenAPI document), and the
 * checks a schema cannot make: unique names, and every field and filter resolving against the report's dataset.
 */
import { Type } from 'typebox';
import type { Dataset, ReportDefinition } from '@portico/analytics-model';
import { bookmarkStateProblem } from './bookmark-state.ts';
import {
  MAX_QUERY_ROWS,
  modelIndex,
  parseFilter,
  QueryError,
  resolveField,
  VISUAL_ROLES,
  VISUAL_TYPES,
} from '@portico/analytics-model';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Coordinate = Type.Number({ minimum: -100_000, maximum: 100_000 });

export const FieldRefSchema = Type.Union([
  Type.Object({ column: Type.Object({ table: Name, column: Name }) }),
  Type.Object({ measure: Type.Object({ table: Name, measure: Name }) }),
  Type.Object({ aggregation: Type.Object({ table: Name, column: Name, function: Name }) }),
  Type.Object({ hierarchyLevel: Type.Object({ table: Name, hierarchy: Name, level: Name }) }),
]);

/** A models filter (IFilter JSON); its content is checked by the query layer's parser. */
export const FilterSchema = Type.Object(
  {},
  { additionalProperties: true, description: 'A filter as models serialises it (IFilter)' },
);

const Direction = Type.Union([Type.Literal('Ascending'), Type.Literal('Descending')]);

export const VisualSchema = Type.Object({
  name: Name,
  type: Type.Union(VISUAL_TYPES.map((t) => Type.Literal(t))),
  title: Type.String({ maxLength: 300 }),
  layout: Type.Object({
    x: Coordinate,
    y: Coordinate,
    z: Coordinate,
    width: Type.Number({ minimum: 0, maximum: 100_000 }),
    height: Type.Number({ minimum: 0, maximum: 100_000 }),
    displayState: Type.Object({ mode: Type.Integer({ minimum: 0, maximum: 1 }) }),
  }),
  dataRoles: Type.Record(Type.String({ maxLength: 50 }), Type.Array(FieldRefSchema, { maxItems: 50 })),
  filters: Type.Array(FilterSchema, { maxItems: 100 }),
  formatting: Type.Record(Type.String(), Type.Unknown()),
  sort: Type.Optional(Type.Object({ field: FieldRefSchema, direction: Direction })),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_QUERY_ROWS })),
});

export const PageSchema = Type.Object({
  name: Name,
  displayName: Type.String({ minLength: 1, maxLength: 200 }),
  width: Type.Number({ minimum: 1, maximum: 100_000 }),
  height: Type.Number({ minimum: 1, maximum: 100_000 }),
  displayOption: Type.Integer({ minimum: 0, maximum: 2 }),
  visibility: Type.Integer({ minimum: 0, maximum: 1 }),
  filters: Type.Array(FilterSchema, { maxItems: 100 }),
  visuals: Type.Array(VisualSchema, { maxItems: 200 }),
});

const Bookmark = Type.Object({
  name: Name,
  displayName: Type.String({ maxLength: 200 }),
  state: Type.Optional(Type.String({ maxLength: 200_000 })),
});

export const BookmarkSchema = Type.Object({
  name: Name,
  displayName: Type.String({ maxLength: 200 }),
  state: Type.Optional(Type.String({ maxLength: 200_000 })),
  children: Type.Optional(Type.Array(Bookmark, { maxItems: 100 })),
});

export const ReportDefinitionSchema = Type.Object({
  pages: Type.Array(PageSchema, { minItems: 1, maxItems: 100 }),
  filters: Type.Array(FilterSchema, { maxItems: 100 }),
  bookmarks: Type.Array(BookmarkSchema, { maxItems: 200 }),
  theme: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

function unique(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new QueryError(`${what} '${name}' appears twice`);
    seen.add(name);
  }
}

function within<T>(path: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof QueryError ? new QueryError(`${path}: ${error.message}`) : error;
  }
}

/**
 * Every bookmark's state (children's too) is one the frame can apply: a saved report whose bookmark the frame cannot
 * apply would throw for every viewer. Throws a QueryError naming the bookmark.
 */
function checkBookmarks(bookmarks: ReportDefinition['bookmarks']): void {
  bookmarks.forEach((bookmark, b) => {
    const states = [
      { at: `bookmarks[${b}]`, item: bookmark },
      ...(bookmark.children ?? []).map((child, c) => ({ at: `bookmarks[${b}].children[${c}]`, item: child })),
    ];
    for (const { at, item } of states) {
      const problem = item.state === undefined ? undefined : bookmarkStateProblem(item.state);
      if (problem !== undefined)
        throw new QueryError(`${at}: the state of bookmark '${item.name}' cannot be applied: ${problem}`);
    }
  });
}

/**
 * Checks what the schema cannot: page and visual names are unique, every field, sort and filter of the definition
 * names something of `dataset`, and every bookmark's state is one the frame can apply. Throws a QueryError naming the
 * place (`pages[1].visuals[3].filters[0]: …`, `bookmarks[0]: the state of bookmark 'q1' cannot be applied: …`).
 */
export function checkDefinition(dataset: Dataset, definition: ReportDefinition): void {
  const index = modelIndex(dataset);
  const now = new Date();
  unique(
    definition.pages.map((p) => p.name),
    'Page',
  );
  unique(
    definition.bookmarks.map((b) => b.name),
    'Bookmark',
  );
  checkBookmarks(definition.bookmarks);
  definition.filters.forEach((f, i) => within(`filters[${i}]`, () => parseFilter(index, f, now)));
  definition.pages.forEach((page, p) => {
    unique(
      page.visuals.map((v) => v.name),
      `Visual on page '${page.name}'`,
    );
    page.filters.forEach((f, i) => within(`pages[${p}].filters[${i}]`, () => parseFilter(index, f, now)));
    page.visuals.forEach((visual, v) => {
      const at = `pages[${p}].visuals[${v}]`;
      const roles = VISUAL_ROLES[visual.type];
      for (const [role, fields] of Object.entries(visual.dataRoles)) {
        if (!roles.includes(role))
          throw new QueryError(`${at}: a ${visual.type} has no '${role}' role (roles: ${roles.join(', ')})`);
        fields.forEach((field, i) =>
          within(`${at}.dataRoles.${role}[${i}]`, () => resolveField(index, field)),
        );
      }
      visual.filters.forEach((f, i) => within(`${at}.filters[${i}]`, () => parseFilter(index, f, now)));
      if (visual.sort !== undefined) {
        const sort = visual.sort;
        within(`${at}.sort`, () => resolveField(index, sort.field));
      }
    });
  });
}
