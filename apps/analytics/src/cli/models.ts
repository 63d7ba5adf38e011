/**
 * `npm run analytics -- models <validate|list|schema> [dir]`: checks a model folder without starting the service.
 *
 *   models validate [dir]   every problem as file:line:column (a SQL table the service would refuse, by model and
 *                           table); exit 0 when valid, 1 when not
 *   models list [dir]       the workspaces, models (tables, measures) and reports of a valid folder
 *   models schema           writes the published JSON Schemas (apps/analytics/models/schema/) from the code
 *
 * `dir` defaults to ANALYTICS_MODELS_DIR, else the built-in print-fleet folder.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../data/engine.ts';
import { PUBLISHED_SCHEMAS, publishedSchemaText } from '../models/file-schema.ts';
import { BUILT_IN_MODELS_DIR, readModelFolder } from '../models/load-models.ts';
import type { LoadedModels } from '../models/load-models.ts';
import { viewSqlProblem } from '../models/view-sql.ts';
import { problemText } from '../models/yaml-source.ts';

export const MODELS_USAGE = `  npm run analytics -- models validate [dir]
  npm run analytics -- models list [dir]
  npm run analytics -- models schema`;

/** A command line the user got wrong: the caller prints it with the usage and exits 2. */
export class ModelsUsageError extends Error {}

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function folder(args: readonly string[]): string {
  const option = args.find((arg) => arg.startsWith('-'));
  if (option !== undefined) throw new ModelsUsageError(`unknown option '${option}'`);
  if (args.length > 1) throw new ModelsUsageError(`one folder at most (got ${args.length})`);
  const dir = resolve(args[0] ?? (process.env['ANALYTICS_MODELS_DIR'] || BUILT_IN_MODELS_DIR));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ModelsUsageError(`${dir} is not a folder`);
  return dir;
}

/** What the service would refuse of the models' SQL tables (view-sql.ts), checked by an in-memory DuckDB. */
async function sqlProblems(loaded: LoadedModels): Promise<string[]> {
  const tables = loaded.datasets.flatMap((dataset) =>
    dataset.tables.flatMap((table) =>
      table.view !== undefined && 'sql' in table.view
        ? [{ where: `model '${dataset.name}', table '${table.name}'`, sql: table.view.sql }]
        : [],
    ),
  );
  if (tables.length === 0) return [];
  const engine = await openEngine({ path: ':memory:', connections: 1 });
  try {
    const problems: string[] = [];
    for (const { where, sql } of tables) {
      const problem = await viewSqlProblem(engine, sql);
      if (problem !== undefined) problems.push(`${where}: its SQL ${problem}`);
    }
    return problems;
  } finally {
    await engine.close();
  }
}

/** Runs a `models` subcommand; the exit code. */
export async function models(action: string | undefined, args: readonly string[]): Promise<number> {
  if (action === 'schema') {
    if (args.length > 0) throw new ModelsUsageError('models schema takes no arguments');
    for (const name of Object.keys(PUBLISHED_SCHEMAS) as (keyof typeof PUBLISHED_SCHEMAS)[]) {
      const file = fileURLToPath(new URL(`../../models/schema/${name}`, import.meta.url));
      writeFileSync(file, publishedSchemaText(name));
      say(`wrote ${file}`);
    }
    return 0;
  }
  if (action !== 'validate' && action !== 'list')
    throw new ModelsUsageError(
      `unknown models action ${JSON.stringify(action ?? '')}: validate, list or schema`,
    );
  const dir = folder(args);
  const { models: loaded, problems } = readModelFolder(dir);
  if (loaded === undefined) {
    for (const problem of problems) console.error(problemText(problem));
    console.error(`${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  if (action === 'validate') {
    const refused = await sqlProblems(loaded);
    if (refused.length > 0) {
      for (const problem of refused) console.error(`${dir}: ${problem}`);
      console.error(`${dir}: ${refused.length} problem${refused.length === 1 ? '' : 's'}`);
      return 1;
    }
    say(
      `${dir}: valid — ${loaded.datasets.length} model(s), ${loaded.reports.length} report(s), ${loaded.cultures.length} culture(s) (${loaded.cultures.map((c) => c.language).join(', ') || 'no translations'}) in ${loaded.files.length} file(s)`,
    );
    return 0;
  }
  for (const workspace of loaded.workspaces) {
    say(`workspace ${workspace.name} (${workspace.id})`);
    for (const dataset of loaded.datasets.filter((d) => d.workspaceId === workspace.id)) {
      say(`  model ${dataset.name} (${dataset.id})`);
      for (const table of dataset.tables) {
        const source =
          table.view === undefined ? table.source : 'files' in table.view ? table.view.files : 'SQL';
        say(
          `    table ${table.name} ← ${source}: ${table.columns.length} columns, ${table.measures.length} measures, row-level security on ${table.rlsColumn ?? 'database_name'}`,
        );
      }
      for (const report of loaded.reports.filter((r) => r.datasetId === dataset.id)) {
        const visuals = report.definition.pages.reduce((n, p) => n + p.visuals.length, 0);
        say(
          `    report ${report.name} (${report.id}): ${report.definition.pages.length} pages, ${visuals} visuals`,
        );
      }
    }
  }
  return 0;
}
