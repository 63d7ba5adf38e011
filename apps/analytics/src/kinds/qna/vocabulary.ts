/**
 * The viewer's vocabulary of a dataset: the lexicon with the values of the value columns read through the query
 * layer under the viewer's row-level security, so a question can name only values the viewer may see. Kept a few
 * minutes per dataset and set of accounts.
 */
import type { Dataset } from '@portico/analytics-model';
import type { Engine } from '../../data/engine.ts';
import { runVisualQuery } from '../../query/run.ts';
import { annotationsFor } from './annotations.ts';
import type { FieldKey, QnaAnnotations } from './annotations.ts';
import { buildLexicon } from './lexicon.ts';
import type { Lexicon } from './lexicon.ts';
import type { CalendarSpan } from './periods.ts';

/** A date cell (a `YYYY-MM-DD…` text or a Date) as `YYYY-MM-DD`; undefined for anything else. */
function isoDate(value: unknown): string | undefined {
  const text = value instanceof Date ? value.toISOString() : value;
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
}

/** Most values read per column; a column with more is matched on its first ones only. */
export const MAX_VALUES_PER_COLUMN = 5_000;

export interface VocabularyOptions {
  readonly engine: Engine;
  readonly now: () => number;
  readonly ttlMs?: number;
  readonly maxEntries?: number;
}

/** The value columns Q&A matches: the annotated ones, else every visible text column. */
function valueColumns(dataset: Dataset): { key: FieldKey; table: string; column: string }[] {
  const annotations = annotationsFor(dataset.id);
  const all = dataset.tables.flatMap((t) =>
    t.columns
      .filter((c) => c.dataType === 'string' && c.isHidden !== true)
      .map((c) => ({ key: `${t.name}.${c.name}` as FieldKey, table: t.name, column: c.name })),
  );
  if (annotations.valueColumns === undefined) return all;
  const wanted = new Set<string>(annotations.valueColumns);
  return all.filter((c) => wanted.has(c.key));
}

export class Vocabulary {
  private readonly entries = new Map<string, { at: number; lexicon: Promise<Lexicon> }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: VocabularyOptions) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 200;
  }

  /** The lexicon of `dataset` for a viewer who may see `databaseNames`. */
  lexicon(dataset: Dataset, databaseNames: readonly string[]): Promise<Lexicon> {
    const key = `${dataset.id}\n${[...databaseNames].sort().join('\n')}`;
    const now = this.options.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.lexicon;
    const lexicon = this.build(dataset, databaseNames);
    // A failed read is not kept.
    lexicon.catch(() => this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { at: now, lexicon });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return lexicon;
  }

  private async build(dataset: Dataset, databaseNames: readonly string[]): Promise<Lexicon> {
    const context = { databaseNames, now: new Date(this.options.now()) };
    const columns = valueColumns(dataset);
    const lists = await Promise.all(
      columns.map(async ({ table, column }) => {
        const answer = await runVisualQuery(
          this.options.engine,
          dataset,
          { select: [{ column: { table, column } }], top: MAX_VALUES_PER_COLUMN },
          context,
        );
        return answer.rows.map((row) => row[0]).filter((v): v is string => typeof v === 'string');
      }),
    );
    const values: Record<FieldKey, readonly string[]> = {};
    columns.forEach(({ key }, i) => {
      values[key] = lists[i] ?? [];
    });
    const annotations = annotationsFor(dataset.id);
    return buildLexicon(dataset, annotations, values, await this.span(dataset, annotations, context));
  }

  /** The first and last day of the annotated calendar among the viewer's rows (none without a calendar or rows). */
  private async span(
    dataset: Dataset,
    annotations: QnaAnnotations,
    context: { databaseNames: readonly string[]; now: Date },
  ): Promise<CalendarSpan | undefined> {
    const calendar = annotations.calendar;
    if (calendar === undefined) return undefined;
    const bound = (fn: 'Min' | 'Max') => ({
      aggregation: { table: calendar.table, column: calendar.date, function: fn },
    });
    const answer = await runVisualQuery(
      this.options.engine,
      dataset,
      { select: [bound('Min'), bound('Max')] },
      context,
    );
    const [first, last] = (answer.rows[0] ?? []).map(isoDate);
    return first !== undefined && last !== undefined ? { first, last } : undefined;
  }
}
