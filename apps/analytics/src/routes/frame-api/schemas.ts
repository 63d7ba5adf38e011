/**
 * Schemas the frame API's routes share with the kinds' frame routes (create, dashboards): a visual's query, its
 * answer, a report's metadata and an issued token.
 */
import { Type } from 'typebox';
import { FieldRefSchema } from '../../content/definition-schema.ts';
import type { AnalyticsConfig } from '../../config.ts';
import type { Report } from '@portico/analytics-model';
import { MAX_QUERY_ROWS } from '@portico/analytics-model';
import { authErrorResponses, ErrorBody } from '../../schemas.ts';
import { embedUrl } from '../../services.ts';

/** The properties of a visual's query; `Type.Object(VisualQueryFields)` is its schema. */
export const VisualQueryFields = {
  select: Type.Array(FieldRefSchema, { minItems: 1, maxItems: 50 }),
  filters: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 100 })),
  orderBy: Type.Optional(
    Type.Array(
      Type.Object({
        field: FieldRefSchema,
        direction: Type.Union([
          Type.Literal('Ascending'),
          Type.Literal('Descending'),
          Type.Literal(1),
          Type.Literal(2),
        ]),
      }),
      { maxItems: 10 },
    ),
  ),
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_QUERY_ROWS })),
};

export const QueryAnswerSchema = Type.Object({
  columns: Type.Array(
    Type.Object({
      field: FieldRefSchema,
      kind: Type.Union([Type.Literal('column'), Type.Literal('measure')]),
      queryName: Type.String(),
      displayName: Type.String(),
      dataType: Type.String(),
      format: Type.Optional(Type.String()),
      // A column whose model lists its values: their natural order and captions in the asked language.
      values: Type.Optional(
        Type.Immutable(Type.Array(Type.Object({ value: Type.String(), caption: Type.String() }))),
      ),
    }),
  ),
  // Not typed cell by cell: serialising 30,000 rows through a per-cell anyOf costs more than the query's planning.
  rows: Type.Unknown({
    description: 'One array per row, in the order of columns; cells are string, number, boolean or null',
  }),
  truncated: Type.Boolean(),
});

export const ReportMeta = Type.Object({
  id: Type.String(),
  name: Type.String(),
  workspaceId: Type.String(),
  datasetId: Type.String(),
  version: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  embedUrl: Type.String(),
});

export const IssuedToken = Type.Object({
  token: Type.String(),
  tokenId: Type.String(),
  expiration: Type.String({ format: 'date-time' }),
});

/** The answers of a route that stores a new report: it and the token the frame goes on with. */
export const NewReportResponses = {
  201: Type.Object({ report: ReportMeta, accessToken: IssuedToken }),
  400: ErrorBody,
  404: ErrorBody,
  ...authErrorResponses,
};

/** A report as `ReportMeta`. */
export function reportMeta(config: Pick<AnalyticsConfig, 'publicUrl'>, report: Report) {
  return {
    id: report.id,
    name: report.name,
    workspaceId: report.workspaceId,
    datasetId: report.datasetId,
    version: report.version,
    updatedAt: report.updatedAt,
    embedUrl: embedUrl(config, report),
  };
}
