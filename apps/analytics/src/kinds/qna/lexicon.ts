/**
 * The vocabulary of one dataset for one viewer: every phrase Q&A understands (names and synonyms of measures and
 * columns, the values the viewer may see) mapped to what it means, plus the relationships to tell which tables
 * reach which.
 */
import type { Dataset, DataType, ModelMeasure } from '@portico/analytics-model';
import type { FieldKey, QnaAnnotations } from './annotations.ts';
import type { CalendarSpan } from './periods.ts';
import { phraseKey, tokenize } from './text.ts';

export interface MeasureSense {
  readonly kind: 'measure';
  readonly key: FieldKey;
  readonly table: string;
  readonly name: string;
  /** How the normalized question names it: `total mono pages`. */
  readonly label: string;
  /** The column a sum/avg/min/max measure aggregates (for "average mono pages"), if any. */
  readonly column?: string;
  readonly aggregation?: string;
}

export interface ColumnSense {
  readonly kind: 'column';
  readonly key: FieldKey;
  readonly table: string;
  readonly column: string;
  readonly dataType: DataType;
  readonly label: string;
}

export interface ValueSense {
  readonly kind: 'value';
  readonly column: ColumnSense;
  readonly value: string;
}

export type Sense = MeasureSense | ColumnSense | ValueSense;

/** Values of the viewer's rows, per value column: `{ 'Devices.Site': ['Berlin', 'London'] }`. */
export type ColumnValues = Readonly<Record<FieldKey, readonly string[]>>;

export interface Lexicon {
  readonly dataset: Dataset;
  readonly annotations: QnaAnnotations;
  /** Phrase (normal form) → its senses, measures first, then columns, then values. */
  readonly phrases: ReadonlyMap<string, readonly Sense[]>;
  /** Single words of multi-word values ("laserjet" → the LaserJet models), tried only for unknown words. */
  readonly valueWords: ReadonlyMap<string, readonly ValueSense[]>;
  readonly longestPhrase: number;
  readonly measures: ReadonlyMap<FieldKey, MeasureSense>;
  readonly columns: ReadonlyMap<FieldKey, ColumnSense>;
  /** Table → the tables it reaches through many-to-one relationships (itself included). */
  readonly reach: ReadonlyMap<string, ReadonlySet<string>>;
  /** The first and last day of the annotated calendar the viewer sees, when known. */
  readonly span?: CalendarSpan;
}

const key = (table: string, name: string): FieldKey => `${table}.${name}`;

function measureSense(table: string, measure: ModelMeasure): MeasureSense {
  const base = {
    kind: 'measure' as const,
    key: key(table, measure.name),
    table,
    name: measure.name,
    label: measure.displayName.toLowerCase(),
  };
  return 'aggregation' in measure
    ? { ...base, column: measure.column, aggregation: measure.aggregation }
    : base;
}

function reachability(dataset: Dataset): Map<string, Set<string>> {
  const reach = new Map<string, Set<string>>();
  for (const table of dataset.tables) {
    const seen = new Set([table.name]);
    const queue = [table.name];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const r of dataset.relationships) {
        if (r.from.table === next && !seen.has(r.to.table)) {
          seen.add(r.to.table);
          queue.push(r.to.table);
        }
      }
    }
    reach.set(table.name, seen);
  }
  return reach;
}

/** Most distinct values a column may have for its single words to stand for its values. */
const MAX_WORD_VALUES = 500;

/**
 * Builds the vocabulary of `dataset` with its annotations and the viewer's values.
 *
 * ```ts
 * const lexicon = buildLexicon(PRINT_FLEET_DATASET, annotationsFor(id), { 'Devices.Site': ['Berlin'] });
 * lexicon.phrases.get('site'); // [{ kind: 'column', key: 'Devices.Site', … }]
 * ```
 */
export function buildLexicon(
  dataset: Dataset,
  annotations: QnaAnnotations,
  values: ColumnValues,
  span?: CalendarSpan,
): Lexicon {
  const hidden = new Set<string>(annotations.hidden);
  const measureSenses: [string, Sense][] = [];
  const columnSenses: [string, Sense][] = [];
  const valueSenses: [string, Sense][] = [];
  const measures = new Map<FieldKey, MeasureSense>();
  const columns = new Map<FieldKey, ColumnSense>();
  const names = (k: FieldKey, displayName: string, name: string) => [
    displayName,
    name,
    ...(annotations.synonyms[k] ?? []),
  ];

  for (const table of dataset.tables) {
    for (const measure of table.measures) {
      const sense = measureSense(table.name, measure);
      if (hidden.has(sense.key)) continue;
      measures.set(sense.key, sense);
      for (const n of names(sense.key, measure.displayName, measure.name))
        measureSenses.push([phraseKey(n), sense]);
    }
    for (const column of table.columns) {
      const k = key(table.name, column.name);
      if (column.isHidden === true || hidden.has(k)) continue;
      const synonyms = annotations.synonyms[k];
      const sense: ColumnSense = {
        kind: 'column',
        key: k,
        table: table.name,
        column: column.name,
        dataType: column.dataType,
        label: (synonyms?.[0] ?? column.displayName).toLowerCase(),
      };
      columns.set(k, sense);
      for (const n of names(k, column.displayName, column.name)) columnSenses.push([phraseKey(n), sense]);
    }
  }

  const valueWords = new Map<string, ValueSense[]>();
  const valueColumns =
    annotations.valueColumns ??
    [...columns.values()].filter((c) => c.dataType === 'string').map((c) => c.key);
  for (const k of valueColumns) {
    const column = columns.get(k);
    const list = values[k];
    if (column === undefined || list === undefined) continue;
    const synonyms = annotations.valueSynonyms[k] ?? {};
    for (const value of list) {
      if (value.trim() === '') continue;
      const sense: ValueSense = { kind: 'value', column, value };
      for (const n of [value, ...(synonyms[value] ?? [])]) valueSenses.push([phraseKey(n), sense]);
      const words = tokenize(value);
      if (words.length > 1 && list.length <= MAX_WORD_VALUES) {
        for (const { word } of words) {
          if (word.length < 3 || !/\p{L}/u.test(word)) continue;
          const senses = valueWords.get(word) ?? [];
          if (!senses.some((s) => s.value === value && s.column.key === k)) senses.push(sense);
          valueWords.set(word, senses);
        }
      }
    }
  }

  const phrases = new Map<string, Sense[]>();
  let longestPhrase = 1;
  for (const [phrase, sense] of [...measureSenses, ...columnSenses, ...valueSenses]) {
    if (phrase === '') continue;
    const senses = phrases.get(phrase) ?? [];
    const same = (s: Sense) =>
      s.kind === sense.kind &&
      (s.kind === 'value' && sense.kind === 'value'
        ? s.column.key === sense.column.key && s.value === sense.value
        : s.kind !== 'value' && sense.kind !== 'value' && s.key === sense.key);
    if (!senses.some(same)) senses.push(sense);
    phrases.set(phrase, senses);
    longestPhrase = Math.max(longestPhrase, phrase.split(' ').length);
  }
  return {
    dataset,
    annotations,
    phrases,
    valueWords,
    longestPhrase,
    measures,
    columns,
    reach: reachability(dataset),
    ...(span === undefined ? {} : { span }),
  };
}

/** True when rows of `from` can be grouped or filtered by columns of `to`. */
export function reaches(lexicon: Lexicon, from: string, to: string): boolean {
  return lexicon.reach.get(from)?.has(to) ?? false;
}
