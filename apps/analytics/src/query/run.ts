import type { Engine } from '../data/engine.ts';
import type { Dataset, QueryAnswer, QueryContext, VisualQuery } from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';
import { compileVisualQuery } from './compile.ts';
import type { CompiledQuery } from './compile.ts';

const VALUE_ERRORS = /^(Conversion Error|Invalid Input Error|Out of Range Error)/;

/** Runs a compiled query and trims the extra row that tells whether more matched. */
export async function runCompiled(engine: Engine, compiled: CompiledQuery): Promise<QueryAnswer> {
  let result: Awaited<ReturnType<Engine['query']>>;
  try {
    result = await engine.query(compiled.sql, compiled.params, compiled.paramTypes);
  } catch (error) {
    // Values are checked before they are bound; should the engine still refuse one, it is the caller's input.
    const message = error instanceof Error ? error.message : '';
    if (VALUE_ERRORS.test(message))
      throw new QueryError(`A value of the query cannot be used: ${message.split('\n')[0]}`);
    throw error;
  }
  const truncated = result.rows.length > compiled.limit;
  const rows = truncated ? result.rows.slice(0, compiled.limit) : result.rows;
  // Engines without a boolean type (ClickHouse before 22.x stores UInt8) answer 1/0: give the model's type back.
  const booleans = compiled.columns.flatMap((column, i) => (column.dataType === 'boolean' ? [i] : []));
  if (booleans.length > 0) {
    for (const row of rows) {
      for (const i of booleans) {
        const value = row[i];
        if (value === 1 || value === 0) row[i] = value === 1;
      }
    }
  }
  return { columns: compiled.columns, rows, truncated };
}

/**
 * Answers a visual query for the caller in `context` (row-level security included).
 *
 * ```ts
 * const answer = await runVisualQuery(engine, dataset, query, { databaseNames: ['fabrikam'] });
 * answer.rows; // [['LaserJet Pro 4002dn', 120345], …]
 * ```
 */
export function runVisualQuery(
  engine: Engine,
  dataset: Dataset,
  query: VisualQuery | unknown,
  context: QueryContext,
): Promise<QueryAnswer> {
  return runCompiled(engine, compileVisualQuery(dataset, query, context, engine.dialect));
}
