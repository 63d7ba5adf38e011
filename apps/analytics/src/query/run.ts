import type { Engine } from '../data/engine.ts';
import type { Dataset } from '../content/types.ts';
import { compileVisualQuery } from './compile.ts';
import type { CompiledQuery } from './compile.ts';
import type { QueryAnswer, QueryContext, VisualQuery } from './types.ts';

/** Runs a compiled query and trims the extra row that tells whether more matched. */
export async function runCompiled(engine: Engine, compiled: CompiledQuery): Promise<QueryAnswer> {
  const result = await engine.query(compiled.sql, compiled.params);
  const truncated = result.rows.length > compiled.limit;
  return {
    columns: compiled.columns,
    rows: truncated ? result.rows.slice(0, compiled.limit) : result.rows,
    truncated,
  };
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
  return runCompiled(engine, compileVisualQuery(dataset, query, context));
}
