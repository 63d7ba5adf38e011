/**
 * A culture file (`cultures/de.yaml`, `kind: culture`) checked against its model and reports: the language is a
 * known BCP 47 tag, and every table, column, column value, measure, hierarchy, level, report, page, visual and
 * bookmark it names exists (a value: one the model lists on its column). Problems point at the name (`file:line:column`). Reports are named by id or by name; the culture keeps
 * them by id.
 */
import type { Culture, Dataset, ReportCaptionSet, TableCaptions } from '@portico/analytics-model';
import type { CultureFile } from './file-schema.ts';
import type { SampleReport } from './load-models.ts';
import type { ModelProblem, PathSegment, YamlSource } from './yaml-source.ts';

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The canonical form of a language tag Intl knows (`de-ch` → `de-CH`), or undefined (`xx`, `de-XX`). */
export function knownLanguage(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (canonical === undefined) return undefined;
    return LANGUAGE_NAMES.of(canonical) === undefined ? undefined : canonical;
  } catch {
    return undefined;
  }
}

const listed = (names: Iterable<string>): string => [...names].join(', ');

export function checkCulture(
  source: YamlSource,
  file: CultureFile,
  dataset: Dataset,
  reports: readonly SampleReport[],
  /** Some report file failed: a report the culture names but that is not loaded is skipped, not blamed. */
  reportsBroken = false,
): { culture?: Culture; problems: ModelProblem[] } {
  const problems: ModelProblem[] = [];
  const at = (path: readonly PathSegment[], message: string) =>
    problems.push(source.problemAt(path, message, true));
  const language = knownLanguage(file.language);
  if (language === undefined)
    problems.push(
      source.problemAt(['language'], `'${file.language}' is not a known language (BCP 47: de, ja, pt-BR)`),
    );

  const tables: Record<string, TableCaptions> = {};
  for (const [tableName, captions] of Object.entries(file.tables ?? {})) {
    const path = ['tables', tableName];
    const table = dataset.tables.find((t) => t.name === tableName);
    if (table === undefined) {
      at(
        path,
        `'${tableName}' is not a table of '${dataset.name}' (tables: ${listed(dataset.tables.map((t) => t.name))})`,
      );
      continue;
    }
    for (const column of Object.keys(captions.columns ?? {}))
      if (!table.columns.some((c) => c.name === column))
        at([...path, 'columns', column], `'${column}' is not a column of '${tableName}'`);
    for (const [column, values] of Object.entries(captions.values ?? {})) {
      const found = table.columns.find((c) => c.name === column);
      if (found === undefined) {
        at([...path, 'values', column], `'${column}' is not a column of '${tableName}'`);
        continue;
      }
      if (found.values === undefined) {
        at(
          [...path, 'values', column],
          `column '${column}' lists no values in the model (give it 'values' to caption them)`,
        );
        continue;
      }
      for (const value of Object.keys(values))
        if (!found.values.some((v) => v.value === value))
          at(
            [...path, 'values', column, value],
            `'${value}' is not a listed value of '${column}' (values: ${listed(found.values.map((v) => v.value))})`,
          );
    }
    for (const measure of Object.keys(captions.measures ?? {}))
      if (!table.measures.some((m) => m.name === measure))
        at([...path, 'measures', measure], `'${measure}' is not a measure of '${tableName}'`);
    for (const [name, hierarchy] of Object.entries(captions.hierarchies ?? {})) {
      const found = table.hierarchies.find((h) => h.name === name);
      if (found === undefined) {
        at([...path, 'hierarchies', name], `'${name}' is not a hierarchy of '${tableName}'`);
        continue;
      }
      for (const level of Object.keys(hierarchy.levels ?? {}))
        if (!found.levels.some((l) => l.name === level))
          at(
            [...path, 'hierarchies', name, 'levels', level],
            `'${level}' is not a level of hierarchy '${name}'`,
          );
    }
    tables[tableName] = captions;
  }

  const reportCaptions: Record<string, ReportCaptionSet> = {};
  for (const [key, captions] of Object.entries(file.reports ?? {})) {
    const path = ['reports', key];
    const report = reports.find((r) => r.id === key) ?? reports.find((r) => r.name === key);
    if (report === undefined) {
      if (reportsBroken) continue;
      at(
        path,
        `'${key}' is not the id or name of a report on '${dataset.name}' (reports: ${listed(reports.map((r) => r.name))})`,
      );
      continue;
    }
    if (reportCaptions[report.id] !== undefined) {
      at(path, `report '${report.name}' is translated twice (by its id and by its name)`);
      continue;
    }
    const { definition } = report;
    for (const [pageName, page] of Object.entries(captions.pages ?? {})) {
      const found = definition.pages.find((p) => p.name === pageName);
      if (found === undefined) {
        at(
          [...path, 'pages', pageName],
          `'${pageName}' is not a page of report '${report.name}' (pages: ${listed(definition.pages.map((p) => p.name))})`,
        );
        continue;
      }
      for (const visual of Object.keys(page.visuals ?? {}))
        if (!found.visuals.some((v) => v.name === visual))
          at(
            [...path, 'pages', pageName, 'visuals', visual],
            `'${visual}' is not a visual of page '${pageName}'`,
          );
    }
    for (const bookmark of Object.keys(captions.bookmarks ?? {}))
      if (!definition.bookmarks.some((b) => b.name === bookmark))
        at([...path, 'bookmarks', bookmark], `'${bookmark}' is not a bookmark of report '${report.name}'`);
    reportCaptions[report.id] = captions;
  }

  if (problems.length > 0 || language === undefined) return { problems };
  return {
    culture: {
      language,
      datasetId: dataset.id,
      model: {
        ...(file.caption === undefined ? {} : { name: file.caption }),
        ...(file.description === undefined ? {} : { description: file.description }),
        tables,
      },
      reports: reportCaptions,
    },
    problems: [],
  };
}
