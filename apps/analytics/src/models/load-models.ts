/**
 * Reads a model folder: every `*.yaml`/`*.yml` file under it (subfolders included) is a semantic model (`kind:
 * model`), a report (`kind: report`) or one language's captions of a model and its reports (`kind: culture`,
 * `cultures.ts`). Each file is checked against its schema (`file-schema.ts`), then what a schema
 * cannot say: names unique, every column a measure, sort, hierarchy, relationship or row-level-security key names
 * exists, every field and filter of a report resolves in its model (the query layer's own parser). Problems name
 * `file:line:column`.
 *
 * ```ts
 * const { datasets, reports } = loadModelFolder(BUILT_IN_MODELS_DIR);
 * ```
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { QueryError } from '@portico/analytics-model';
import type {
  Culture,
  Dataset,
  ModelColumn,
  ModelMeasure,
  ModelTable,
  ReportDefinition,
  Workspace,
} from '@portico/analytics-model';
import { checkDefinition } from '../content/definition-schema.ts';
import { checkCulture } from './cultures.ts';
import { CultureFileSchema, ReportFileSchema, SemanticModelSchema } from './file-schema.ts';
import type { CultureFile, ReportFile, SemanticModelFile } from './file-schema.ts';
import { dottedPath, pointerPath, problemText, YamlSource } from './yaml-source.ts';
import type { ModelProblem, PathSegment } from './yaml-source.ts';

/** apps/analytics/models/print-fleet: the built-in print-fleet model and its four sample reports. */
export const BUILT_IN_MODELS_DIR = fileURLToPath(new URL('../../models/print-fleet', import.meta.url));

/** A report read from a file: the built-in definition the content store keeps as the report's sample version. */
export interface SampleReport {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly definition: ReportDefinition;
}

export interface LoadedModels {
  readonly dir: string;
  readonly workspaces: readonly Workspace[];
  readonly datasets: readonly Dataset[];
  readonly reports: readonly SampleReport[];
  /** The translated captions of the models and their reports, one per model and language (`cultures/*.yaml`). */
  readonly cultures: readonly Culture[];
  /** Files read, relative to `dir`. */
  readonly files: readonly string[];
}

export class ModelFolderError extends Error {
  constructor(readonly problems: readonly ModelProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in the model folder:\n${problems.map(problemText).join('\n')}`,
    );
    this.name = 'ModelFolderError';
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const MAX_FILES = 1000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Which entries of a model folder are read: files named `*.yaml` or `*.yml` in it and in its subfolders up to
 * {@link MODEL_FOLDER_DEPTH} levels down, none whose name starts with a dot; a symbolic link is neither a file nor a
 * folder here, so it is never followed. (The reload's watch looks at the same entries.)
 */
export const MODEL_FOLDER_DEPTH = 4;
export const isModelFileName = (name: string): boolean => /\.ya?ml$/.test(name) && !name.startsWith('.');
export const isModelSubfolderName = (name: string): boolean => !name.startsWith('.');

function yamlFiles(dir: string, depth = 0): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth < MODEL_FOLDER_DEPTH && isModelSubfolderName(entry.name))
      found.push(...yamlFiles(path, depth + 1));
    else if (entry.isFile() && isModelFileName(entry.name)) found.push(path);
  }
  return found;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value under one step of a path into parsed YAML (undefined where there is none). */
const childOf = (node: unknown, segment: PathSegment): unknown =>
  typeof segment === 'number'
    ? Array.isArray(node)
      ? (node[segment] as unknown)
      : undefined
    : isRecord(node)
      ? node[segment]
      : undefined;

/** `measures` → `measure`, `hierarchies` → `hierarchy`. */
const singular = (key: string): string =>
  key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.endsWith('s') ? key.slice(0, -1) : key;

/**
 * Where a JSON pointer into a file's data is, in the file's own words: `/tables/1/measures/3/aggregation` →
 * `table 'Tickets', measure 'Average first response', aggregation`; an item without a name by its position from 1
 * (`relationship 2`); the whole file `the file`.
 */
function placeIn(data: unknown, pointer: string): string {
  const parts: string[] = [];
  let keys: string[] = [];
  let node = data;
  for (const segment of pointerPath(pointer)) {
    node = childOf(node, segment);
    if (typeof segment === 'number') {
      const list = keys.pop();
      if (keys.length > 0) parts.push(keys.join('.'));
      keys = [];
      const name = isRecord(node) ? (node['name'] ?? node['title']) : undefined;
      const label = typeof name === 'string' && name !== '' ? `'${name}'` : String(segment + 1);
      parts.push(list === undefined ? `item ${label}` : `${singular(list)} ${label}`);
    } else {
      keys.push(segment);
    }
  }
  if (keys.length > 0) parts.push(keys.join('.'));
  return parts.length === 0 ? 'the file' : parts.join(', ');
}

/**
 * Schema errors, one per place, the most specific first. A value that is none of a list of constants is one problem
 * naming them; a union's branch that wants a property is left out when the same object has a problem deeper down in
 * another branch (the object is of that branch, and its problem is the one to fix).
 */
function schemaProblems(
  source: YamlSource,
  schema: typeof SemanticModelSchema | typeof ReportFileSchema | typeof CultureFileSchema,
) {
  const errors = [...Value.Errors(schema, source.data)].filter((error) => error.keyword !== 'boolean');
  const allowed = new Map<string, unknown[]>();
  for (const error of errors) {
    const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
    if (error.keyword === 'const')
      allowed.set(error.instancePath, [...(allowed.get(error.instancePath) ?? []), params.allowedValue]);
    if (error.keyword === 'enum')
      allowed.set(error.instancePath, [
        ...(allowed.get(error.instancePath) ?? []),
        ...(params.allowedValues ?? []),
      ]);
  }
  /** A union's branch that wants a property, when the object has a problem in another branch of the same union. */
  const otherBranchFits = (error: (typeof errors)[number]): boolean => {
    const branch = /^(.*\/anyOf)\/(\d+)$/.exec(error.schemaPath);
    if (branch === null) return false;
    const [, union = '', index = ''] = branch;
    return errors.some(
      (other) =>
        other.instancePath.startsWith(`${error.instancePath}/`) &&
        other.schemaPath.startsWith(`${union}/`) &&
        !other.schemaPath.startsWith(`${union}/${index}/`),
    );
  };
  const problems: ModelProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const path = pointerPath(error.instancePath);
    const place = placeIn(source.data, error.instancePath);
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      for (const name of extra) {
        const key = `${error.instancePath}/${name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(source.problemAt([...path, name], `unknown property '${name}'`, true));
      }
      continue;
    }
    if (seen.has(error.instancePath)) continue;
    let message = `${place} ${error.message}`;
    const values = allowed.get(error.instancePath);
    if (
      values !== undefined &&
      (error.keyword === 'const' || error.keyword === 'enum' || error.keyword === 'anyOf')
    ) {
      const given = path.reduce<unknown>(childOf, source.data);
      const list = [...new Set(values)].map((value) => JSON.stringify(value)).join(', ');
      message = `${place} must be one of ${list}${given === undefined ? '' : ` (got ${JSON.stringify(given)})`}`;
    } else if (error.keyword === 'required') {
      if (otherBranchFits(error)) continue;
      const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      message = `${place} needs ${missing.map((m) => `'${m}'`).join(', ')}`;
    }
    seen.add(error.instancePath);
    problems.push(source.problemAt(path, message, false));
  }
  return problems;
}

class Checker {
  readonly problems: ModelProblem[] = [];
  constructor(readonly source: YamlSource) {}
  at(path: readonly PathSegment[], message: string): void {
    this.problems.push(this.source.problemAt(path, message));
  }
  unique(names: readonly string[], path: readonly PathSegment[], what: string): void {
    const seen = new Set<string>();
    names.forEach((name, i) => {
      if (seen.has(name)) this.at([...path, i, 'name'], `${what} '${name}' appears twice`);
      seen.add(name);
    });
  }
}

const viewName = (table: string, index: number): string =>
  `model_view_${index}_${table.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`.slice(0, 63);

/** A model file → the Dataset the query layer reads, or problems. */
function toDataset(
  source: YamlSource,
  model: SemanticModelFile,
): { dataset?: Dataset; problems: ModelProblem[] } {
  const check = new Checker(source);
  check.unique(
    model.tables.map((t) => t.name),
    ['tables'],
    'Table',
  );
  const tables: ModelTable[] = model.tables.map((table, t) => {
    const at = ['tables', t];
    const columnNames = new Set(table.columns.map((c) => c.name));
    check.unique([...table.columns.map((c) => c.name)], [...at, 'columns'], `Column of '${table.name}'`);
    const columns = table.columns.map((column, c): ModelColumn => {
      const physical = column.source ?? (IDENTIFIER.test(column.name) ? column.name : undefined);
      if (physical === undefined)
        check.at(
          [...at, 'columns', c, 'name'],
          `column '${column.name}' needs a 'source' (its name is not a plain identifier)`,
        );
      if (column.sortBy !== undefined && !columnNames.has(column.sortBy))
        check.at(
          [...at, 'columns', c, 'sortBy'],
          `sortBy '${column.sortBy}' is not a column of '${table.name}'`,
        );
      if (column.values !== undefined) {
        if (column.type !== 'string')
          check.at(
            [...at, 'columns', c, 'values'],
            `values are listed for text columns only ('${column.name}' is ${column.type})`,
          );
        const seen = new Set<string>();
        column.values.forEach((v, i) => {
          if (seen.has(v.value))
            check.at([...at, 'columns', c, 'values', i, 'value'], `value '${v.value}' is listed twice`);
          seen.add(v.value);
        });
      }
      return {
        name: column.name,
        displayName: column.displayName ?? column.name,
        source: physical ?? '',
        dataType: column.type as ModelColumn['dataType'],
        ...(column.format === undefined ? {} : { format: column.format }),
        ...(column.description === undefined ? {} : { description: column.description }),
        ...(column.hidden === undefined ? {} : { isHidden: column.hidden }),
        ...(column.sortBy === undefined ? {} : { sortBy: column.sortBy }),
        ...(column.values === undefined
          ? {}
          : { values: column.values.map((v) => ({ value: v.value, caption: v.caption ?? v.value })) }),
      };
    });
    const measuresIn = table.measures ?? [];
    check.unique(
      [...table.columns.map(() => ''), ...measuresIn.map((m) => m.name)].filter((n) => n !== ''),
      [...at, 'measures'],
      `Measure of '${table.name}'`,
    );
    const measureNames = new Set(measuresIn.map((m) => m.name));
    const measures = measuresIn.map((measure, m): ModelMeasure => {
      const base = {
        name: measure.name,
        displayName: measure.displayName ?? measure.name,
      };
      if (columnNames.has(measure.name))
        check.at([...at, 'measures', m, 'name'], `measure '${measure.name}' has the name of a column`);
      if ('ratio' in measure) {
        for (const part of ['numerator', 'denominator'] as const) {
          const name = measure.ratio[part];
          if (!measureNames.has(name) || name === measure.name)
            check.at(
              [...at, 'measures', m, 'ratio', part],
              `${part} '${name}' is not another measure of '${table.name}'`,
            );
        }
        return {
          ...base,
          ratio: { numerator: measure.ratio.numerator, denominator: measure.ratio.denominator },
          format: measure.format,
          ...(measure.description === undefined ? {} : { description: measure.description }),
        };
      }
      if (!columnNames.has(measure.column))
        check.at(
          [...at, 'measures', m, 'column'],
          `'${measure.column}' is not a column of '${table.name}' (columns: ${[...columnNames].join(', ')})`,
        );
      return {
        ...base,
        aggregation: measure.aggregation as 'sum',
        column: measure.column,
        format: measure.format,
        ...(measure.description === undefined ? {} : { description: measure.description }),
      };
    });
    const hierarchies = (table.hierarchies ?? []).map((hierarchy, h) => {
      hierarchy.levels.forEach((level, l) => {
        if (!columnNames.has(level.column))
          check.at(
            [...at, 'hierarchies', h, 'levels', l, 'column'],
            `'${level.column}' is not a column of '${table.name}'`,
          );
      });
      return {
        name: hierarchy.name,
        levels: hierarchy.levels.map((l) => ({ name: l.name, column: l.column })),
      };
    });
    const rls = columns.find((c) => c.name === table.rowLevelSecurity.column);
    if (rls === undefined)
      check.at(
        [...at, 'rowLevelSecurity', 'column'],
        `the row-level-security column '${table.rowLevelSecurity.column}' is not a column of '${table.name}'`,
      );
    else if (rls.dataType !== 'string')
      check.at(
        [...at, 'rowLevelSecurity', 'column'],
        `the row-level-security column '${rls.name}' must be of type string (the account names)`,
      );
    let physicalTable: string;
    let view: ModelTable['view'];
    if ('table' in table.source) physicalTable = table.source.table;
    else {
      physicalTable = viewName(table.name, t);
      view = 'files' in table.source ? { files: table.source.files } : { sql: table.source.sql };
      if (model.dataSource === 'clickhouse' || model.dataSource === 'any')
        check.at(
          [...at, 'source'],
          `a ${'files' in table.source ? 'file set' : 'SQL'} source needs dataSource: duckdb`,
        );
    }
    return {
      name: table.name,
      displayName: table.displayName ?? table.name,
      source: physicalTable,
      rlsColumn: rls?.source ?? '',
      ...(view === undefined ? {} : { view }),
      columns,
      measures,
      hierarchies,
    };
  });
  const relationships = (model.relationships ?? []).map((relationship, r) => {
    for (const end of ['from', 'to'] as const) {
      const { table, column } = relationship[end];
      const found = tables.find((t) => t.name === table);
      if (found === undefined)
        check.at(['relationships', r, end, 'table'], `'${table}' is not a table of the model`);
      else if (!found.columns.some((c) => c.name === column))
        check.at(['relationships', r, end, 'column'], `'${column}' is not a column of '${table}'`);
    }
    return {
      from: { table: relationship.from.table, column: relationship.from.column },
      to: { table: relationship.to.table, column: relationship.to.column },
    };
  });
  if (check.problems.length > 0) return { problems: check.problems };
  return {
    dataset: {
      id: model.id,
      workspaceId: model.workspace.id,
      name: model.name,
      description: model.description ?? '',
      tables,
      relationships,
    },
    problems: [],
  };
}

/**
 * Reads and checks every file of `dir`; never throws for what the files say (only for an unreadable folder).
 * `problems` is empty when the folder is valid.
 */
export function readModelFolder(dir: string): { models?: LoadedModels; problems: readonly ModelProblem[] } {
  const paths = yamlFiles(dir);
  const problems: ModelProblem[] = [];
  if (paths.length > MAX_FILES) {
    return {
      problems: [{ file: dir, line: 1, column: 1, message: `more than ${MAX_FILES} YAML files` }],
    };
  }
  const models: { source: YamlSource; file: SemanticModelFile; dataset: Dataset }[] = [];
  /** Files that failed before their model was known: reports naming a missing model are then not blamed too. */
  let brokenFiles = 0;
  /** Report files that failed: cultures naming a report that is not loaded are then not blamed too. */
  let brokenReports = 0;
  const reportFiles: { source: YamlSource; file: ReportFile }[] = [];
  const cultureFiles: { source: YamlSource; file: CultureFile }[] = [];
  for (const path of paths) {
    const fromHere = relative(process.cwd(), path);
    const name = fromHere.startsWith('..') || fromHere === '' ? path : fromHere;
    // By its size first: a huge file is refused without being read into memory.
    if (statSync(path).size > MAX_FILE_BYTES) {
      problems.push({ file: name, line: 1, column: 1, message: `larger than ${MAX_FILE_BYTES} bytes` });
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const source = YamlSource.parse(name, text);
    if (source.syntaxProblems.length > 0) {
      problems.push(...source.syntaxProblems);
      brokenFiles += 1;
      continue;
    }
    const kind = (source.data as { kind?: unknown } | null)?.kind;
    if (kind === 'model') {
      const found = schemaProblems(source, SemanticModelSchema);
      if (found.length > 0) {
        problems.push(...found);
        brokenFiles += 1;
        continue;
      }
      const file = source.data as SemanticModelFile;
      const { dataset, problems: semantic } = toDataset(source, file);
      problems.push(...semantic);
      if (dataset === undefined) brokenFiles += 1;
      if (dataset !== undefined) models.push({ source, file, dataset });
    } else if (kind === 'report') {
      const found = schemaProblems(source, ReportFileSchema);
      if (found.length > 0) {
        problems.push(...found);
        brokenReports += 1;
      } else reportFiles.push({ source, file: source.data as ReportFile });
    } else if (kind === 'culture') {
      const found = schemaProblems(source, CultureFileSchema);
      if (found.length > 0) problems.push(...found);
      else cultureFiles.push({ source, file: source.data as CultureFile });
    } else {
      brokenFiles += 1;
      problems.push(
        source.problemAt(
          kind === undefined ? [] : ['kind'],
          "the file needs 'kind: model', 'kind: report' or 'kind: culture'",
        ),
      );
    }
  }
  const workspaces = new Map<string, Workspace>();
  const datasetIds = new Set<string>();
  for (const { source, file, dataset } of models) {
    if (datasetIds.has(dataset.id))
      problems.push(source.problemAt(['id'], `another model has the id ${dataset.id}`));
    datasetIds.add(dataset.id);
    const workspace = {
      id: file.workspace.id,
      name: file.workspace.name,
      description: file.workspace.description ?? '',
    };
    const known = workspaces.get(workspace.id);
    if (known !== undefined && (known.name !== workspace.name || known.description !== workspace.description))
      problems.push(
        source.problemAt(
          ['workspace'],
          `workspace ${workspace.id} is described differently in another model`,
        ),
      );
    workspaces.set(workspace.id, known ?? workspace);
  }
  if (models.length === 0 && problems.length === 0)
    problems.push({
      file: dir,
      line: 1,
      column: 1,
      message: 'no model file (a .yaml file with kind: model)',
    });
  const reports: SampleReport[] = [];
  for (const { source, file } of reportFiles) {
    const model =
      models.find((m) => m.dataset.id === file.model) ?? models.find((m) => m.dataset.name === file.model);
    if (model === undefined) {
      brokenReports += 1;
      if (brokenFiles > 0) continue;
      problems.push(
        source.problemAt(
          ['model'],
          `no model with the id or name '${file.model}' (models: ${models.map((m) => m.dataset.name).join(', ') || 'none'})`,
        ),
      );
      continue;
    }
    if (reports.some((r) => r.id === file.id) || datasetIds.has(file.id)) {
      problems.push(source.problemAt(['id'], `another report or model has the id ${file.id}`));
      brokenReports += 1;
      continue;
    }
    const definition = file.definition as unknown as ReportDefinition;
    try {
      checkDefinition(model.dataset, definition);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      const match = /^([A-Za-z]+(?:\[\d+\])*(?:\.[A-Za-z]+(?:\[\d+\])*)*): /.exec(error.message);
      const path = match?.[1] === undefined ? [] : dottedPath(match[1]);
      problems.push(source.problemAt(['definition', ...path], `report '${file.name}': ${error.message}`));
      brokenReports += 1;
      continue;
    }
    reports.push({
      id: file.id,
      name: file.name,
      workspaceId: model.dataset.workspaceId,
      datasetId: model.dataset.id,
      definition,
    });
  }
  const cultures: Culture[] = [];
  for (const { source, file } of cultureFiles) {
    const model =
      models.find((m) => m.dataset.id === file.model) ?? models.find((m) => m.dataset.name === file.model);
    if (model === undefined) {
      if (brokenFiles === 0)
        problems.push(
          source.problemAt(
            ['model'],
            `no model with the id or name '${file.model}' (models: ${models.map((m) => m.dataset.name).join(', ') || 'none'})`,
          ),
        );
      continue;
    }
    const checked = checkCulture(
      source,
      file,
      model.dataset,
      reports.filter((r) => r.datasetId === model.dataset.id),
      brokenReports > 0,
    );
    problems.push(...checked.problems);
    if (checked.culture === undefined) continue;
    const twin = cultures.find(
      (c) =>
        c.datasetId === model.dataset.id &&
        c.language.toLowerCase() === checked.culture?.language.toLowerCase(),
    );
    if (twin !== undefined)
      problems.push(
        source.problemAt(
          ['language'],
          `another culture file translates '${model.dataset.name}' into ${twin.language}`,
        ),
      );
    else cultures.push(checked.culture);
  }
  if (problems.length > 0) return { problems };
  return {
    models: {
      dir,
      workspaces: [...workspaces.values()],
      datasets: models.map((m) => m.dataset),
      reports,
      cultures,
      files: paths.map((p) => relative(dir, p)),
    },
    problems: [],
  };
}

/**
 * The folder's models and reports; a {@link ModelFolderError} listing every problem when it is not valid. Reads
 * synchronously: a model folder is a few small files, read at start and on a change.
 */
export function loadModelFolder(dir: string): LoadedModels {
  const { models, problems } = readModelFolder(dir);
  if (models === undefined) throw new ModelFolderError(problems);
  return models;
}
