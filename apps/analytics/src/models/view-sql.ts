/**
 * The check a model's SQL table (`source: { sql: … }`) passes before it becomes a DuckDB view: one SELECT statement
 * that reads the data's own tables and nothing else. DuckDB parses it (`json_serialize_sql`, its own parser, so no
 * quoting or comment trick reads differently here than when the view is made) and the parse tree is walked:
 *
 * - exactly one statement, and a SELECT (no `COPY … TO`, `ATTACH`, `INSTALL`, `SET`, `PRAGMA`; no second statement
 *   after a `;`): the view's text is run once when the models are applied;
 * - tables named by a plain identifier (a CTE, a folder table, another model table), without a schema or catalog
 *   (`information_schema.tables`, an attached file) and never a quoted path (`FROM "/etc/x.csv"` reads the file);
 * - no table function but the generators `range`, `generate_series` and `unnest` (`read_text`, `read_csv`,
 *   `read_parquet`, `glob`, `query`, `duckdb_settings()` would read files or the engine's settings).
 *
 * ```ts
 * const problem = await viewSqlProblem(engine, 'SELECT * FROM read_text(\'/etc/passwd\')');
 * // "reads the table function read_text (a model's SQL may use range, generate_series and unnest only)"
 * ```
 */
import type { Engine } from '../data/engine.ts';

/** Table functions that make rows without reading anything. */
const GENERATORS = new Set(['range', 'generate_series', 'unnest']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Node {
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The first thing in the parse tree a view may not do, or undefined. */
function treeProblem(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = treeProblem(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isNode(value)) return undefined;
  if (value['type'] === 'BASE_TABLE') {
    const table = String(value['table_name'] ?? '');
    const schema = String(value['schema_name'] ?? '');
    const catalog = String(value['catalog_name'] ?? '');
    if (schema !== '' || catalog !== '')
      return `reads '${[catalog, schema, table].filter((p) => p !== '').join('.')}' (name the data's tables without a schema or database)`;
    if (!IDENTIFIER.test(table))
      return `reads '${table}', which is not a table name (a model's SQL reads the data's tables, never a file)`;
  }
  if (value['type'] === 'TABLE_FUNCTION') {
    const fn = isNode(value['function']) ? value['function'] : {};
    const name = String(fn['function_name'] ?? '').toLowerCase();
    const qualified = String(fn['schema'] ?? '') !== '' || String(fn['catalog'] ?? '') !== '';
    if (qualified || !GENERATORS.has(name))
      return `reads the table function ${name || '(unnamed)'} (a model's SQL may use ${[...GENERATORS].join(', ')} only)`;
  }
  for (const child of Object.values(value)) {
    const found = treeProblem(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Why `sql` may not be a model table's view, or undefined when it may. Parsed by `engine` (DuckDB). */
export async function viewSqlProblem(engine: Engine, sql: string): Promise<string | undefined> {
  const { rows } = await engine.query('SELECT json_serialize_sql(CAST($1 AS VARCHAR))', [sql]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(rows[0]?.[0] ?? ''));
  } catch {
    return 'is not SQL DuckDB can read';
  }
  if (!isNode(parsed)) return 'is not SQL DuckDB can read';
  if (parsed['error'] === true)
    return `is not one SELECT statement (${String(parsed['error_message'] ?? 'it does not parse')})`;
  const statements = Array.isArray(parsed['statements']) ? parsed['statements'] : [];
  if (statements.length !== 1)
    return `holds ${statements.length} statements; a model's SQL is one SELECT statement`;
  return treeProblem(statements);
}
