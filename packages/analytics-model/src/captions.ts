/**
 * Translated captions: what a semantic model and its reports are called in another language. One `Culture` per
 * language (a model folder's `cultures/<language>.yaml`, as Power BI keeps `cultures/de-DE.tmdl` beside a model)
 * holds the captions of the model's tables, columns, measures and hierarchies and of its reports' names, pages,
 * visual titles and bookmarks. Names (`Devices`, `overview`, `printers-in-service`) never change with the language:
 * filters, `setPage` and events keep using them. A caption without a translation shows its default.
 *
 * ```ts
 * const culture = cultureFor(cultures, 'de-AT'); // the 'de' culture
 * const shown = localizeDataset(dataset, culture); // Devices.displayName 'Geräte'
 * const captions = reportCaptions(culture, report.id, report.definition, sample.definition);
 * const definition = localizeDefinition(report.definition, captions); // page 'overview' displayName 'Übersicht'
 * ```
 */
import type { ColumnValue, Dataset, FieldRef, ModelHierarchy, ReportDefinition } from './content-types.ts';
import type { PublicDataset } from './public-dataset.ts';
import type { QueryAnswer } from './query-types.ts';
import { authoringWording } from './authoring-wording.ts';

/**
 * The portal's seven UI languages, English first (the default captions). Every caption of the sample content has a
 * translation in each of the others.
 */
export const CONTENT_LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A hierarchy's caption and its levels' captions, by level name. */
export interface HierarchyCaptions {
  readonly caption?: string;
  readonly levels?: Readonly<Record<string, string>>;
}

/** A table's caption and the captions of its columns, measures and hierarchies, by name. */
export interface TableCaptions {
  readonly caption?: string;
  readonly columns?: Readonly<Record<string, string>>;
  /** Captions of a column's listed values: column name → raw value → caption (`Severity: { critical: Kritisch }`). */
  readonly values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly measures?: Readonly<Record<string, string>>;
  readonly hierarchies?: Readonly<Record<string, HierarchyCaptions>>;
}

/** A page's caption (its `displayName`) and its visuals' titles, by visual name. */
export interface PageCaptions {
  readonly caption?: string;
  readonly visuals?: Readonly<Record<string, string>>;
}

/** A report's name and its pages' and bookmarks' captions, by name. */
export interface ReportCaptionSet {
  readonly name?: string;
  readonly pages?: Readonly<Record<string, PageCaptions>>;
  readonly bookmarks?: Readonly<Record<string, string>>;
}

/** One language's captions of a model and its reports (reports by id). */
export interface Culture {
  /** A BCP 47 tag: `de`, `de-CH`, `ja`. */
  readonly language: string;
  readonly datasetId: string;
  readonly model: {
    readonly name?: string;
    readonly description?: string;
    readonly tables?: Readonly<Record<string, TableCaptions>>;
  };
  readonly reports: Readonly<Record<string, ReportCaptionSet>>;
}

/**
 * The captions one report shows in one language, resolved: only the pages, visuals and bookmarks whose caption is
 * still the one the translation was written for (a title someone changed and saved shows as they typed it).
 */
export interface ReportCaptions {
  /** The culture's language, or '' when the report shows its default captions. */
  readonly language: string;
  readonly name?: string;
  readonly pages: Readonly<Record<string, string>>;
  /** Visual titles by page name, then visual name. */
  readonly visuals: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly bookmarks: Readonly<Record<string, string>>;
}

export const NO_CAPTIONS: ReportCaptions = { language: '', pages: {}, visuals: {}, bookmarks: {} };

const lower = (tag: string): string => tag.toLowerCase().replaceAll('_', '-');
const primaryOf = (tag: string): string => lower(tag).split('-')[0] ?? '';

/**
 * The culture for a requested language: the same tag, else the same primary language (`de-AT` → `de`, then any
 * `de-*`); undefined for English, an empty or unknown language (the default captions are English).
 */
export function cultureFor<T extends { readonly language: string }>(
  cultures: readonly T[],
  language: string | undefined,
): T | undefined {
  if (language === undefined || language.trim() === '') return undefined;
  const wanted = lower(language.trim());
  const primary = primaryOf(wanted);
  return (
    cultures.find((c) => lower(c.language) === wanted) ??
    cultures.find((c) => lower(c.language) === primary) ??
    cultures.find((c) => primaryOf(c.language) === primary)
  );
}

/** A caption, or the default when the translation is missing or blank (never an empty text). */
const pick = (translated: string | undefined, fallback: string): string =>
  translated !== undefined && translated.trim() !== '' ? translated : fallback;

type AnyDataset = Dataset | PublicDataset;

/**
 * The dataset with the culture's captions as display names (tables, columns, measures, hierarchies); names and
 * everything else unchanged. Without a culture (or for another dataset) the dataset itself.
 */
export function localizeDataset<T extends AnyDataset>(dataset: T, culture: Culture | undefined): T {
  if (culture === undefined || culture.datasetId !== dataset.id) return dataset;
  const tables = culture.model.tables ?? {};
  return {
    ...dataset,
    name: pick(culture.model.name, dataset.name),
    description: pick(culture.model.description, dataset.description),
    tables: dataset.tables.map((table) => {
      const t = tables[table.name];
      if (t === undefined) return table;
      return {
        ...table,
        displayName: pick(t.caption, table.displayName),
        columns: table.columns.map((c) => {
          const captions = t.values?.[c.name];
          return {
            ...c,
            displayName: pick(t.columns?.[c.name], c.displayName),
            ...(c.values === undefined || captions === undefined
              ? {}
              : {
                  values: c.values.map((v) => ({
                    value: v.value,
                    caption: pick(captions[v.value], v.caption),
                  })),
                }),
          };
        }),
        measures: table.measures.map((m) => ({
          ...m,
          displayName: pick(t.measures?.[m.name], m.displayName),
        })),
        hierarchies: table.hierarchies.map((h): ModelHierarchy => {
          const found = t.hierarchies?.[h.name];
          return {
            ...h,
            displayName: pick(found?.caption, h.displayName ?? h.name),
            levels: h.levels.map((l) => ({
              ...l,
              displayName: pick(found?.levels?.[l.name], l.displayName ?? l.name),
            })),
          };
        }),
      };
    }),
  };
}

/** A report's name in a language: the culture's translation, else the name it has. */
export function reportName(
  culture: Culture | undefined,
  reportId: string,
  name: string,
  sampleName?: string,
): string {
  if (culture === undefined || (sampleName !== undefined && name !== sampleName)) return name;
  return pick(culture.reports[reportId]?.name, name);
}

/**
 * The captions `definition` (a version of report `reportId`) shows in the culture's language. `sample` is the
 * definition the translations were written for (the report file's): a page, visual or bookmark is translated only
 * while its caption is still the sample's, so what a user renamed keeps the name they gave it.
 */
export function reportCaptions(
  culture: Culture | undefined,
  reportId: string,
  definition: ReportDefinition,
  sample: ReportDefinition | undefined,
): ReportCaptions {
  const set = culture?.reports[reportId];
  if (culture === undefined || set === undefined || sample === undefined) return NO_CAPTIONS;
  const pages: Record<string, string> = {};
  const visuals: Record<string, Record<string, string>> = {};
  const bookmarks: Record<string, string> = {};
  for (const page of definition.pages) {
    const original = sample.pages.find((p) => p.name === page.name);
    const captions = set.pages?.[page.name];
    if (original === undefined || captions === undefined) continue;
    if (
      captions.caption !== undefined &&
      captions.caption.trim() !== '' &&
      page.displayName === original.displayName
    )
      pages[page.name] = captions.caption;
    const titles: Record<string, string> = {};
    for (const visual of page.visuals) {
      const title = captions.visuals?.[visual.name];
      const before = original.visuals.find((v) => v.name === visual.name);
      if (title !== undefined && title.trim() !== '' && before !== undefined && before.title === visual.title)
        titles[visual.name] = title;
    }
    if (Object.keys(titles).length > 0) visuals[page.name] = titles;
  }
  for (const bookmark of definition.bookmarks) {
    const caption = set.bookmarks?.[bookmark.name];
    const before = sample.bookmarks.find((b) => b.name === bookmark.name);
    if (caption !== undefined && caption.trim() !== '' && before?.displayName === bookmark.displayName)
      bookmarks[bookmark.name] = caption;
  }
  return {
    language: culture.language,
    ...(set.name === undefined || set.name.trim() === '' ? {} : { name: set.name }),
    pages,
    visuals,
    bookmarks,
  };
}

/** The definition as shown in the captions' language: page display names, visual titles, bookmark names. */
export function localizeDefinition(definition: ReportDefinition, captions: ReportCaptions): ReportDefinition {
  if (captions.language === '') return definition;
  return {
    ...definition,
    pages: definition.pages.map((page) => {
      const titles = captions.visuals[page.name] ?? {};
      return {
        ...page,
        displayName: captions.pages[page.name] ?? page.displayName,
        visuals: page.visuals.map((v) => ({ ...v, title: titles[v.name] ?? v.title })),
      };
    }),
    bookmarks: definition.bookmarks.map((b) => {
      const caption = captions.bookmarks[b.name];
      return caption === undefined ? b : { ...b, displayName: caption };
    }),
  };
}

/**
 * The inverse of {@link localizeDefinition} before a save: every caption still showing its translation goes back to
 * the default it had in `loaded` (the definition before localizing), so a German viewer's save keeps the report's
 * captions in the default language; a caption the user changed is saved as they typed it.
 */
export function delocalizeDefinition(
  working: ReportDefinition,
  loaded: ReportDefinition,
  captions: ReportCaptions,
): ReportDefinition {
  if (captions.language === '') return working;
  return {
    ...working,
    pages: working.pages.map((page) => {
      const before = loaded.pages.find((p) => p.name === page.name);
      if (before === undefined) return page;
      const titles = captions.visuals[page.name] ?? {};
      return {
        ...page,
        displayName:
          captions.pages[page.name] !== undefined && page.displayName === captions.pages[page.name]
            ? before.displayName
            : page.displayName,
        visuals: page.visuals.map((v) => {
          const original = before.visuals.find((o) => o.name === v.name);
          return original !== undefined && titles[v.name] !== undefined && v.title === titles[v.name]
            ? { ...v, title: original.title }
            : v;
        }),
      };
    }),
    bookmarks: working.bookmarks.map((b) => {
      const before = loaded.bookmarks.find((o) => o.name === b.name);
      return before !== undefined &&
        captions.bookmarks[b.name] !== undefined &&
        b.displayName === captions.bookmarks[b.name]
        ? { ...b, displayName: before.displayName }
        : b;
    }),
  };
}

/**
 * A field's caption in a (localized) dataset: a column's or a measure's display name, a hierarchy level's column's;
 * an implicit aggregation names its column. `fallback` (else the field's name) when the dataset lacks it.
 */
export function fieldCaption(dataset: AnyDataset | undefined, field: FieldRef, fallback?: string): string {
  const table = (name: string) => dataset?.tables.find((t) => t.name === name);
  if ('column' in field)
    return (
      table(field.column.table)?.columns.find((c) => c.name === field.column.column)?.displayName ??
      fallback ??
      field.column.column
    );
  if ('measure' in field)
    return (
      table(field.measure.table)?.measures.find((m) => m.name === field.measure.measure)?.displayName ??
      fallback ??
      field.measure.measure
    );
  if ('aggregation' in field)
    return (
      fallback ??
      table(field.aggregation.table)?.columns.find((c) => c.name === field.aggregation.column)?.displayName ??
      field.aggregation.column
    );
  const t = table(field.hierarchyLevel.table);
  const level = t?.hierarchies
    .find((h) => h.name === field.hierarchyLevel.hierarchy)
    ?.levels.find((l) => l.name === field.hierarchyLevel.level);
  return (
    t?.columns.find((c) => c.name === level?.column)?.displayName ?? fallback ?? field.hierarchyLevel.level
  );
}

/** The listed values (natural order and captions) of the column a grouping field names, if the model lists them. */
export function fieldValues(
  dataset: AnyDataset | undefined,
  field: FieldRef,
): readonly ColumnValue[] | undefined {
  const table = (name: string) => dataset?.tables.find((t) => t.name === name);
  if ('column' in field)
    return table(field.column.table)?.columns.find((c) => c.name === field.column.column)?.values;
  if (!('hierarchyLevel' in field)) return undefined;
  const t = table(field.hierarchyLevel.table);
  const level = t?.hierarchies
    .find((h) => h.name === field.hierarchyLevel.hierarchy)
    ?.levels.find((l) => l.name === field.hierarchyLevel.level);
  return t?.columns.find((c) => c.name === level?.column)?.values;
}

/**
 * A query answer's column captions from a (localized) dataset ({@link fieldCaption}); an implicit aggregation keeps
 * the service's "Sum of …" wording, or is worded in `language` when one is given ("Summe von Pages"). A column
 * the model lists values for gets them (`ResultColumn.values`: their order and captions in the dataset's language).
 * The rows are untouched: they keep the raw values.
 */
export function relabelAnswer(answer: QueryAnswer, dataset: AnyDataset, language?: string): QueryAnswer {
  let changed = false;
  const columns = answer.columns.map((column) => {
    const field = column.field;
    const displayName =
      language !== undefined && 'aggregation' in field
        ? authoringWording(language).aggregation(
            field.aggregation.function,
            fieldCaption(dataset, { column: field.aggregation }),
          )
        : fieldCaption(dataset, field, column.displayName);
    const values = column.kind === 'column' ? fieldValues(dataset, field) : undefined;
    if (displayName === column.displayName && values === column.values) return column;
    changed = true;
    return { ...column, displayName, ...(values === undefined ? {} : { values }) };
  });
  return changed ? { ...answer, columns } : answer;
}
