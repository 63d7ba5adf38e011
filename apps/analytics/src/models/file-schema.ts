/**
 * The shape of model and report files (YAML), as TypeBox schemas: the one source of truth for the loader's checks and
 * for the JSON Schemas published in `apps/analytics/models/schema/` (editors validate and complete files with them;
 * `file-schema.test.ts` keeps the published files equal to these).
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { ReportDefinitionSchema } from '../content/definition-schema.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Id = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  description: 'A UUID, lower case; never changes once reports and embed tokens use it',
});
/** A physical table or column name: a plain SQL identifier, so it can be quoted safely on every engine. */
const Physical = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' });
const Text = (maxLength: number) => Type.String({ maxLength });

export const DataTypeSchema = Type.Union(
  ['string', 'integer', 'decimal', 'boolean', 'date', 'dateTime'].map((t) => Type.Literal(t)),
);

/** A translated caption: never blank (a missing one is left out and shows the default). */
const Caption = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

const ColumnValuesSchema = Type.Array(
  Type.Object(
    {
      value: Type.String({ minLength: 1, maxLength: 200, description: 'The value as the data holds it' }),
      caption: Type.Optional(Caption),
    },
    { additionalProperties: false, description: 'A value and its caption (default: the value itself)' },
  ),
  {
    minItems: 1,
    maxItems: 200,
    description:
      "A text column's values in their natural order (critical, warning, info), each with the caption viewers read; " +
      'lists, legends, axes and matrix headers follow this order, cultures translate the captions',
  },
);

const ColumnSchema = Type.Object(
  {
    name: Name,
    displayName: Type.Optional(Name),
    source: Type.Optional(Physical),
    type: DataTypeSchema,
    format: Type.Optional(Text(100)),
    sortBy: Type.Optional(Name),
    values: Type.Optional(ColumnValuesSchema),
    description: Type.Optional(Text(1000)),
    hidden: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'A column; `source` is the physical column (default: the name, when it is an identifier)',
  },
);

const MeasureBase = {
  name: Name,
  displayName: Type.Optional(Name),
  format: Text(100),
  description: Type.Optional(Text(1000)),
};

const AggregateMeasureSchema = Type.Object(
  {
    ...MeasureBase,
    aggregation: Type.Union(
      ['sum', 'avg', 'count', 'distinctCount', 'min', 'max'].map((a) => Type.Literal(a)),
    ),
    column: Name,
  },
  { additionalProperties: false, description: 'An aggregation of one column of the table' },
);

const RatioMeasureSchema = Type.Object(
  {
    ...MeasureBase,
    ratio: Type.Object(
      { numerator: Name, denominator: Name },
      { additionalProperties: false, description: 'Two measures of the same table' },
    ),
  },
  { additionalProperties: false, description: 'One measure divided by another (blank when it divides by 0)' },
);

const HierarchySchema = Type.Object(
  {
    name: Name,
    levels: Type.Array(Type.Object({ name: Name, column: Name }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 20,
    }),
  },
  { additionalProperties: false },
);

/** Where a table's rows come from. */
export const TableSourceSchema = Type.Union([
  Type.Object(
    { table: Physical },
    { additionalProperties: false, description: 'A physical table (or a data-folder file set of that name)' },
  ),
  Type.Object(
    {
      files: Type.String({
        minLength: 1,
        maxLength: 300,
        pattern: '^(?!/)(?!.*\\.\\.)[A-Za-z0-9_./*-]+\\.(parquet|csv)$',
      }),
    },
    {
      additionalProperties: false,
      description: 'A file set in ANALYTICS_DATA_FOLDER (DuckDB only), e.g. tickets/*.parquet',
    },
  ),
  Type.Object(
    { sql: Type.String({ minLength: 1, maxLength: 20_000 }) },
    { additionalProperties: false, description: 'A SELECT the engine runs as a view (DuckDB only)' },
  ),
]);

const TableSchema = Type.Object(
  {
    name: Name,
    displayName: Type.Optional(Name),
    source: TableSourceSchema,
    rowLevelSecurity: Type.Object(
      { column: Name },
      {
        additionalProperties: false,
        description:
          "The column holding the customer account: the embed token's identities filter every query on it",
      },
    ),
    columns: Type.Array(ColumnSchema, { minItems: 1, maxItems: 500 }),
    measures: Type.Optional(
      Type.Array(Type.Union([AggregateMeasureSchema, RatioMeasureSchema]), { maxItems: 500 }),
    ),
    hierarchies: Type.Optional(Type.Array(HierarchySchema, { maxItems: 50 })),
  },
  { additionalProperties: false },
);

const Endpoint = Type.Object({ table: Name, column: Name }, { additionalProperties: false });

export const SemanticModelSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    kind: Type.Literal('model'),
    id: Id,
    name: Name,
    description: Type.Optional(Text(1000)),
    workspace: Type.Object(
      { id: Id, name: Name, description: Type.Optional(Text(1000)) },
      { additionalProperties: false, description: 'The workspace the model and its reports are listed in' },
    ),
    dataSource: Type.Union([Type.Literal('any'), Type.Literal('duckdb'), Type.Literal('clickhouse')], {
      description: 'The engines the model runs on: file and SQL table sources need duckdb',
    }),
    tables: Type.Array(TableSchema, { minItems: 1, maxItems: 200 }),
    relationships: Type.Optional(
      Type.Array(
        Type.Object(
          { from: Endpoint, to: Endpoint },
          { additionalProperties: false, description: 'Many rows of `from` to one row of `to`' },
        ),
        { maxItems: 1000 },
      ),
    ),
  },
  { additionalProperties: false, title: 'Portico semantic model' },
);
export type SemanticModelFile = Static<typeof SemanticModelSchema>;

export const ReportFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    kind: Type.Literal('report'),
    id: Id,
    name: Name,
    model: Type.String({ minLength: 1, description: 'The id of the model the report shows' }),
    definition: ReportDefinitionSchema,
  },
  { additionalProperties: false, title: 'Portico report' },
);
export type ReportFile = Static<typeof ReportFileSchema>;

/** Captions by the name of what they translate (a column, a measure, a visual). */
const CaptionsByName = (description: string) =>
  Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Caption, { description, maxProperties: 1000 });

const TableCaptionsSchema = Type.Object(
  {
    caption: Type.Optional(Caption),
    columns: Type.Optional(CaptionsByName('Column captions by column name')),
    values: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 100 }),
        Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Caption, { maxProperties: 200 }),
        {
          description:
            "Captions of a column's listed values (the model's `values`), by column name, then by the raw value",
          maxProperties: 500,
        },
      ),
    ),
    measures: Type.Optional(CaptionsByName('Measure captions by measure name')),
    hierarchies: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 100 }),
        Type.Object(
          {
            caption: Type.Optional(Caption),
            levels: Type.Optional(CaptionsByName('Level captions by level name')),
          },
          { additionalProperties: false },
        ),
        { description: 'Hierarchy captions by hierarchy name', maxProperties: 50 },
      ),
    ),
  },
  { additionalProperties: false, description: "A table's caption and its fields' captions" },
);

const ReportCaptionsSchema = Type.Object(
  {
    name: Type.Optional(Caption),
    pages: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 100 }),
        Type.Object(
          {
            caption: Type.Optional(Caption),
            visuals: Type.Optional(CaptionsByName('Visual titles by visual name')),
          },
          { additionalProperties: false, description: "A page's display name and its visuals' titles" },
        ),
        { description: 'Page captions by page name', maxProperties: 200 },
      ),
    ),
    bookmarks: Type.Optional(CaptionsByName('Bookmark captions by bookmark name')),
  },
  { additionalProperties: false, description: "A report's name, pages, visual titles and bookmarks" },
);

/**
 * One language's captions of a model and its reports, in a file beside the model (`cultures/de.yaml`), as Power BI
 * keeps a culture per language (TMDL `cultures/de-DE.tmdl`). Names stay as they are; captions are what viewers read.
 */
export const CultureFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    kind: Type.Literal('culture'),
    language: Type.String({
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'A BCP 47 language tag: de, de-CH, ja, pt-BR',
    }),
    model: Type.String({ minLength: 1, description: 'The id or name of the model translated' }),
    caption: Type.Optional(Caption),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    tables: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 100 }), TableCaptionsSchema, {
        description: 'Table captions by table name',
        maxProperties: 200,
      }),
    ),
    reports: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 100 }), ReportCaptionsSchema, {
        description: "Report captions by the report's id or name",
        maxProperties: 1000,
      }),
    ),
  },
  { additionalProperties: false, title: 'Portico culture (translated captions)' },
);
export type CultureFile = Static<typeof CultureFileSchema>;

/** The published JSON Schemas, by file name under `apps/analytics/models/schema/`. */
export const PUBLISHED_SCHEMAS = {
  'semantic-model.schema.json': SemanticModelSchema,
  'report.schema.json': ReportFileSchema,
  'culture.schema.json': CultureFileSchema,
} as const;

/** A schema as published: draft 2020-12 JSON, two-space indented, newline at the end. */
export function publishedSchemaText(name: keyof typeof PUBLISHED_SCHEMAS): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://portico.dev/schemas/${name}`,
    ...(JSON.parse(JSON.stringify(PUBLISHED_SCHEMAS[name])) as object),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
