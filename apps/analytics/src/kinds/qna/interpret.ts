/**
 * The Q&A interpreter: a question over a dataset → what to show (measures, grouping, filters, time window, top N,
 * visual) as a VisualQuery for the query layer, with the canonical restatement of the question — or a message
 * saying why it cannot be answered. Deterministic and pure: the same question, model and values always give the
 * same answer.
 */
import type { FieldRef, Interpretation } from '@portico/analytics-model';
import type { FieldKey } from './annotations.ts';
import type { ColumnSense, Lexicon, MeasureSense, Sense, ValueSense } from './lexicon.ts';
import { reaches } from './lexicon.ts';
import type { Comparison, Rank, TimeWindow } from './phrases.ts';
import { NotUnderstood } from './not-understood.ts';
import { scan } from './scan.ts';
import type { Item, Keyword } from './scan.ts';
import { plural, shapeAnswer } from './shape.ts';
import { tokenize } from './text.ts';

/** A measure to show: a model measure, or an aggregation Q&A made ("average mono pages", "number of sites"). */
export interface MeasurePick {
  readonly ref: FieldRef;
  readonly table: string;
  readonly label: string;
  /** `Table.Measure`, or `Function(Table.Column)` for an aggregation. */
  readonly key: string;
}

export type Condition =
  | {
      readonly kind: 'values';
      readonly column: ColumnSense;
      readonly values: readonly string[];
      readonly negate: boolean;
    }
  | {
      readonly kind: 'compare';
      readonly target: { readonly column: ColumnSense } | { readonly measure: MeasurePick };
      readonly comparison: Comparison;
      readonly value: number;
    };

/** What the interpreter understood, before it is shaped into a visual. */
export interface Understanding {
  readonly measures: readonly MeasurePick[];
  readonly groups: readonly ColumnSense[];
  readonly conditions: readonly Condition[];
  readonly time: readonly TimeWindow[];
  readonly rank: Rank | undefined;
  readonly share: boolean;
  readonly visualHint: string | undefined;
}

const measurePick = (m: MeasureSense): MeasurePick => ({
  ref: { measure: { table: m.table, measure: m.name } },
  table: m.table,
  label: m.label,
  key: m.key,
});

const AGGREGATION_NAMES: Readonly<Record<string, string>> = {
  Average: 'average',
  Sum: 'total',
  Min: 'minimum',
  Max: 'maximum',
  DistinctCount: 'number of',
};

function aggregationPick(table: string, column: string, label: string, fn: string): MeasurePick {
  const name = AGGREGATION_NAMES[fn] ?? fn.toLowerCase();
  return {
    ref: { aggregation: { table, column, function: fn } },
    table,
    label: fn === 'DistinctCount' ? `${name} ${plural(label)}` : `${name} ${label}`,
    key: `${fn}(${table}.${column})`,
  };
}

const isNumeric = (c: ColumnSense) => c.dataType === 'integer' || c.dataType === 'decimal';

function hint(lexicon: Lexicon): string {
  const { measures, fields } = lexicon.annotations.hint;
  const m = measures.length > 0 ? measures : [...lexicon.measures.values()].slice(0, 3).map((s) => s.label);
  const f = fields.length > 0 ? fields : [...lexicon.columns.values()].slice(0, 3).map((s) => s.label);
  const list = (xs: readonly string[]) =>
    xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1] ?? ''}`;
  return `Try a measure such as ${list(m)}, by a field such as ${list(f)}.`;
}

/** Reads the items left to right into measures, groups and conditions. */
function understand(lexicon: Lexicon, items: readonly Item[]): Understanding {
  const measures: MeasurePick[] = [];
  const groups: ColumnSense[] = [];
  const conditions: Condition[] = [];
  const pendingValues: {
    senses: readonly ValueSense[];
    negate: boolean;
    column?: ColumnSense;
    partial: boolean;
  }[] = [];
  const time: TimeWindow[] = [];
  let rank: Rank | undefined;
  let superlative: Rank | undefined;
  let share = false;
  let visualHint: string | undefined;
  let pending: { count: boolean; which: boolean; list: boolean; negate: boolean; aggregation?: string } = {
    count: false,
    which: false,
    list: false,
    negate: false,
  };
  const addMeasure = (pick: MeasurePick) => {
    if (!measures.some((m) => m.key === pick.key)) measures.push(pick);
  };
  /** Other columns of the same name ("supply" of levels and of replacements), settled once measures are known. */
  const alternatives = new Map<string, readonly ColumnSense[]>();
  const addGroup = (column: ColumnSense, others: readonly Sense[] = []) => {
    if (groups.some((g) => g.key === column.key)) return;
    groups.push(column);
    alternatives.set(
      column.key,
      others.filter((s): s is ColumnSense => s.kind === 'column'),
    );
  };
  /** The index of the next item that is not glue (or "not", which it records), from `from`. */
  const nextMeaningful = (from: number): { index: number; negate: boolean } => {
    let negate = false;
    let index = from;
    for (; index < items.length; index++) {
      const item = items[index];
      if (item?.kind === 'glue') continue;
      if (item?.kind === 'keyword' && item.keyword === 'not') {
        negate = true;
        continue;
      }
      break;
    }
    return { index, negate };
  };
  const comparisonAfter = (
    index: number,
  ): { comparison: Comparison; value: number; length: number } | undefined => {
    const { index: c } = nextMeaningful(index + 1);
    const cmp = items[c];
    const num = items[c + 1];
    const after = items[c + 2];
    // "models with more than 100000 pages": the comparison belongs to the field after the number.
    if (after?.kind === 'sense' && after.senses[0]?.kind !== 'value') return undefined;
    if (cmp?.kind === 'compare' && num?.kind === 'number')
      return { comparison: cmp.comparison, value: num.value, length: c + 2 - index };
    return undefined;
  };
  const unknown: string[] = [];

  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === undefined) break;
    switch (item.kind) {
      case 'glue':
        break;
      case 'unknown':
        unknown.push(item.text);
        break;
      case 'number':
        unknown.push(item.text);
        break;
      case 'time':
        time.push(item.window);
        break;
      case 'rank':
        rank = item.rank;
        pending = { ...pending, which: true };
        break;
      case 'keyword':
        applyKeyword(item.keyword);
        break;
      case 'compare': {
        // "with more than 100000 pages": comparator, number, then the field.
        const num = items[i + 1];
        const field = items[i + 2];
        const sense = field?.kind === 'sense' ? field.senses[0] : undefined;
        if (num?.kind !== 'number' || sense === undefined || sense.kind === 'value') {
          // Not a comparison this grammar knows ("<script>", "over there"): a word it does not know.
          unknown.push(item.text);
          break;
        }
        compareWith(sense, item.comparison, num.value);
        i += 2;
        break;
      }
      case 'sense':
        i = onSense(item, i);
        break;
    }
  }

  function applyKeyword(keyword: Keyword): void {
    if (keyword === 'count') pending = { ...pending, count: true };
    else if (keyword === 'which') pending = { ...pending, which: true };
    else if (keyword === 'list') pending = { ...pending, list: true, which: true };
    else if (keyword === 'most') superlative = { direction: 'Top', count: 1 };
    else if (keyword === 'least') superlative = { direction: 'Bottom', count: 1 };
    else if (keyword === 'not') pending = { ...pending, negate: true };
    else if (keyword === 'share') share = true;
    else if (keyword.startsWith('visual:')) visualHint = keyword.slice('visual:'.length);
    else pending = { ...pending, aggregation: keyword };
  }

  function compareWith(sense: MeasureSense | ColumnSense, comparison: Comparison, value: number): void {
    if (sense.kind === 'measure') {
      conditions.push({ kind: 'compare', target: { measure: measurePick(sense) }, comparison, value });
      return;
    }
    if (!isNumeric(sense))
      throw new NotUnderstood(`'${sense.label}' is not a number, so it cannot be compared.`);
    conditions.push({ kind: 'compare', target: { column: sense }, comparison, value });
  }

  function onSense(item: Extract<Item, { kind: 'sense' }>, i: number): number {
    const first = item.senses[0];
    if (first === undefined) return i;
    if (first.kind === 'value') {
      const values = item.senses.filter((s): s is ValueSense => s.kind === 'value');
      pendingValues.push({ senses: values, negate: pending.negate, partial: item.partial === true });
      pending = { ...pending, negate: false };
      return i;
    }
    const comparison = comparisonAfter(i);
    if (comparison) {
      compareWith(first, comparison.comparison, comparison.value);
      return i + comparison.length;
    }
    if (first.kind === 'column') {
      // "site Berlin", "where model is not X": the column names the value's column.
      const { index, negate } = nextMeaningful(i + 1);
      const next = items[index];
      if (next?.kind === 'sense') {
        const own = next.senses.filter(
          (s): s is ValueSense => s.kind === 'value' && s.column.key === first.key,
        );
        if (own.length > 0) {
          pendingValues.push({
            senses: own,
            negate: negate || pending.negate,
            column: first,
            partial: next.partial === true,
          });
          pending = { ...pending, negate: false };
          return index;
        }
      }
      const aggregation = pending.aggregation;
      if (pending.count) {
        addMeasure(aggregationPick(first.table, first.column, first.label, 'DistinctCount'));
      } else if (aggregation !== undefined && isNumeric(first)) {
        addMeasure(aggregationPick(first.table, first.column, first.label, aggregation));
      } else {
        addGroup(first, item.senses);
      }
      pending = { count: false, which: false, list: pending.list, negate: false };
      return i;
    }
    // A measure.
    const entity = lexicon.annotations.entities[first.key as FieldKey];
    const entityColumn = entity === undefined ? undefined : lexicon.columns.get(entity);
    if (entityColumn !== undefined && pending.which && !pending.count) {
      // "top 5 printers", "which printers…", "list printers": the printers themselves.
      addGroup(entityColumn);
    } else {
      const aggregation = pending.aggregation;
      const table = lexicon.dataset.tables.find((t) => t.name === first.table);
      const column = table?.columns.find((c) => c.name === first.column);
      if (aggregation !== undefined && aggregation !== 'Sum' && first.aggregation === 'sum' && column) {
        addMeasure(aggregationPick(first.table, column.name, column.displayName.toLowerCase(), aggregation));
      } else {
        addMeasure(measurePick(first));
      }
    }
    pending = { count: false, which: false, list: pending.list, negate: false };
    return i;
  }

  if (unknown.length > 0) {
    const quoted = unknown.map((w) => `'${w}'`).join(', ');
    throw new NotUnderstood(`I don't know ${quoted}. ${hint(lexicon)}`);
  }

  // Measures decide which of several same-named columns and values is meant: the one their tables reach.
  const tables = () => measures.map((m) => m.table);
  groups.forEach((group, index) => {
    const fits = (c: ColumnSense) => tables().every((t) => reaches(lexicon, t, c.table));
    const better = fits(group) ? undefined : alternatives.get(group.key)?.find(fits);
    if (better) groups[index] = better;
  });
  for (const pendingValue of pendingValues) {
    const candidates = pendingValue.senses;
    const reachable = candidates.filter((s) => tables().every((t) => reaches(lexicon, t, s.column.table)));
    const pool = reachable.length > 0 ? reachable : candidates;
    const column = pendingValue.column ?? pool[0]?.column;
    if (column === undefined) continue;
    const chosen = pendingValue.partial ? pool.filter((s) => s.column.key === column.key) : pool.slice(0, 1);
    const values = chosen.map((s) => s.value);
    const existing = conditions.findIndex(
      (c) => c.kind === 'values' && c.column.key === column.key && c.negate === pendingValue.negate,
    );
    const found = conditions[existing];
    if (found?.kind === 'values') {
      conditions[existing] = { ...found, values: [...new Set([...found.values, ...values])] };
    } else {
      conditions.push({ kind: 'values', column, values, negate: pendingValue.negate });
    }
  }

  const hasRank = rank !== undefined || superlative !== undefined;
  return {
    measures,
    groups,
    conditions,
    time,
    rank: rank ?? (hasRank ? superlative : undefined),
    share,
    visualHint: pending.list && measures.length === 0 ? 'tableEx' : visualHint,
  };
}

/** The tables a question's columns live on (groups, value filters, column comparisons, and the calendar). */
function columnTables(lexicon: Lexicon, u: Understanding): string[] {
  const tables = u.groups.map((g) => g.table);
  for (const c of u.conditions) {
    if (c.kind === 'values') tables.push(c.column.table);
    else if ('column' in c.target) tables.push(c.target.column.table);
  }
  const calendar = lexicon.annotations.calendar;
  if (u.time.length > 0 && calendar) tables.push(calendar.table);
  return [...new Set(tables)];
}

/** Fills in what the question left implicit (a measure to rank or show by) and checks every part is related. */
function complete(lexicon: Lexicon, u: Understanding): Understanding {
  let measures = [...u.measures];
  const tables = columnTables(lexicon, u);
  const { annotations } = lexicon;
  const timed = u.time.length > 0 || u.groups.some((g) => g.table === annotations.calendar?.table);
  if (timed) {
    // "devices by month": devices do not change with the calendar; their readings do.
    measures = measures.map((m) => {
      const alternative = annotations.timedAlternatives[m.key as FieldKey];
      const sense = alternative === undefined ? undefined : lexicon.measures.get(alternative);
      return sense !== undefined && !tables.every((t) => reaches(lexicon, m.table, t))
        ? measurePick(sense)
        : m;
    });
  }
  const measureCompared = u.conditions.some((c) => c.kind === 'compare' && 'measure' in c.target);
  const wantsMeasure =
    measures.length === 0 && (u.rank !== undefined || (u.groups.length === 0 && !measureCompared));
  if (wantsMeasure) {
    if (u.groups.length === 0 && u.conditions.length === 0 && u.time.length === 0) {
      throw new NotUnderstood(`I couldn't find anything to show in that question. ${hint(lexicon)}`);
    }
    const fallback = [
      ...(annotations.defaultMeasure ? [lexicon.measures.get(annotations.defaultMeasure)] : []),
      ...lexicon.measures.values(),
    ].find((m) => m !== undefined && tables.every((t) => reaches(lexicon, m.table, t)));
    if (fallback === undefined)
      throw new NotUnderstood(`I couldn't find a measure for that question. ${hint(lexicon)}`);
    measures = [measurePick(fallback)];
  }
  if (measures.length === 0 && measureCompared) {
    for (const c of u.conditions)
      if (c.kind === 'compare' && 'measure' in c.target) measures.push(c.target.measure);
  }
  for (const m of measures) {
    for (const table of tables) {
      if (!reaches(lexicon, m.table, table)) {
        const what = columnLabelOn(lexicon, u, table);
        throw new NotUnderstood(
          `'${what}' is not related to '${m.label}', so I can't show them together. ${hint(lexicon)}`,
        );
      }
    }
  }
  if (measures.length === 0 && !tables.some((root) => tables.every((t) => reaches(lexicon, root, t)))) {
    throw new NotUnderstood(`Those fields are not related to each other. ${hint(lexicon)}`);
  }
  if (u.rank !== undefined && u.groups.length === 0) {
    throw new NotUnderstood(
      `Top or bottom of what? Add a field to rank, such as ${annotations.hint.fields[0] ?? 'a category'}.`,
    );
  }
  return { ...u, measures };
}

function columnLabelOn(lexicon: Lexicon, u: Understanding, table: string): string {
  const group = u.groups.find((g) => g.table === table);
  if (group) return group.label;
  for (const c of u.conditions) {
    if (c.kind === 'values' && c.column.table === table) return c.values[0] ?? c.column.label;
    if (c.kind === 'compare' && 'column' in c.target && c.target.column.table === table)
      return c.target.column.label;
  }
  return table === lexicon.annotations.calendar?.table ? 'date' : table.toLowerCase();
}

/**
 * Interprets `question` over the lexicon of a dataset.
 *
 * ```ts
 * const result = interpret(lexicon, 'top 5 models by mono pages');
 * if (result.status === 'answered') result.normalizedQuestion; // 'total mono pages by model, top 5'
 * ```
 */
export function interpret(lexicon: Lexicon, question: string): Interpretation {
  try {
    const items = scan(lexicon, tokenize(question));
    const understood = complete(lexicon, understand(lexicon, items));
    return shapeAnswer(lexicon, question, understood);
  } catch (error) {
    if (error instanceof NotUnderstood) return { status: 'unanswered', question, message: error.message };
    throw error;
  }
}

export type { Sense };
