/**
 * Second half of the interpreter: what was understood → the visual that suits it best, the VisualQuery the
 * query layer runs, and the canonical restatement of the question (the normalized question).
 */
import {
  AdvancedFilter,
  BasicFilter,
  RelativeDateFilter,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
  TopNFilter,
} from '@portico/models';
import type { IFilter, ITarget } from '@portico/models';
import type { Answer, FieldRef, OrderByItem, VisualType } from '@portico/analytics-model';
import type { Condition, MeasurePick, Understanding } from './interpret.ts';
import type { ColumnSense, Lexicon } from './lexicon.ts';
import { NotUnderstood } from './not-understood.ts';
import { COMPARISON_TEXT, MONTH_NAMES } from './phrases.ts';
import type { TimeWindow } from './phrases.ts';
import { wholePeriods } from './periods.ts';
import type { Period } from './periods.ts';

const LINE_TYPES = new Set<string>(['date', 'dateTime']);

/** Calendar columns a line suits (days, weeks, months) as opposed to the few-valued ones (years, weekdays). */
function isTimeline(lexicon: Lexicon, column: ColumnSense): boolean {
  const calendar = lexicon.annotations.calendar;
  if (calendar && column.table === calendar.table) {
    return LINE_TYPES.has(column.dataType) || column.column === calendar.yearMonth;
  }
  return LINE_TYPES.has(column.dataType);
}

const isTime = (lexicon: Lexicon, column: ColumnSense) =>
  column.table === lexicon.annotations.calendar?.table || LINE_TYPES.has(column.dataType);

function chooseVisual(lexicon: Lexicon, u: Understanding, groups: readonly ColumnSense[]): VisualType {
  const measures = u.measures.length;
  const hint = u.visualHint as VisualType | undefined;
  const fits = (type: VisualType): boolean => {
    if (type === 'card') return groups.length === 0 && measures === 1;
    if (type === 'tableEx') return true;
    if (type === 'pivotTable') return groups.length === 2 && measures >= 1;
    if (type === 'pieChart' || type === 'donutChart') return groups.length === 1 && measures === 1;
    return (
      groups.length >= 1 && groups.length <= 2 && measures >= 1 && (groups.length === 1 || measures === 1)
    );
  };
  if (hint !== undefined && fits(hint)) return hint;
  if (measures === 0) return 'tableEx';
  if (groups.length === 0) return measures === 1 ? 'card' : 'tableEx';
  const [first, second] = groups;
  if (groups.length === 1 && first) {
    if (u.share && measures === 1) return 'pieChart';
    if (isTimeline(lexicon, first)) return 'lineChart';
    if (isTime(lexicon, first)) return 'clusteredColumnChart';
    return 'clusteredBarChart';
  }
  if (groups.length === 2 && first && second && measures === 1) {
    if (isTimeline(lexicon, first) && !isTime(lexicon, second)) return 'lineChart';
    return 'pivotTable';
  }
  return 'tableEx';
}

const colRef = (c: ColumnSense): FieldRef => ({ column: { table: c.table, column: c.column } });
const colTarget = (c: ColumnSense) => ({ table: c.table, column: c.column });

function measureTarget(m: MeasurePick): ITarget {
  const ref = m.ref;
  if ('measure' in ref) return { table: ref.measure.table, measure: ref.measure.measure };
  if ('aggregation' in ref)
    return {
      table: ref.aggregation.table,
      column: ref.aggregation.column,
      aggregationFunction: ref.aggregation.function,
    } as ITarget;
  throw new Error('a measure pick is a measure or an aggregation');
}

const UNITS: Readonly<Record<string, RelativeDateFilterTimeUnit>> = {
  Days: RelativeDateFilterTimeUnit.Days,
  Weeks: RelativeDateFilterTimeUnit.Weeks,
  CalendarWeeks: RelativeDateFilterTimeUnit.CalendarWeeks,
  Months: RelativeDateFilterTimeUnit.Months,
  CalendarMonths: RelativeDateFilterTimeUnit.CalendarMonths,
  Years: RelativeDateFilterTimeUnit.Years,
  CalendarYears: RelativeDateFilterTimeUnit.CalendarYears,
};

/** The date column time phrases filter: the annotated calendar, or the first date column the measures reach. */
function dateTarget(lexicon: Lexicon, u: Understanding): { table: string; column: string } {
  const calendar = lexicon.annotations.calendar;
  if (calendar) return { table: calendar.table, column: calendar.date };
  const column = [...lexicon.columns.values()].find(
    (c) => c.dataType === 'date' && u.measures.every((m) => lexicon.reach.get(m.table)?.has(c.table)),
  );
  if (!column) throw new NotUnderstood('This dataset has no dates to apply a time phrase to.');
  return { table: column.table, column: column.column };
}

const pad = (n: number) => String(n).padStart(2, '0');

function timeFilters(lexicon: Lexicon, u: Understanding, window: TimeWindow): IFilter[] {
  const date = dateTarget(lexicon, u);
  const calendar = lexicon.annotations.calendar;
  const on = (column: string | undefined) =>
    column === undefined ? undefined : { table: date.table, column };
  const range = (from: string | undefined, to: string | undefined): IFilter[] => {
    const conditions = [
      ...(from === undefined ? [] : [{ operator: 'GreaterThanOrEqual' as const, value: from }]),
      ...(to === undefined ? [] : [{ operator: 'LessThan' as const, value: to }]),
    ];
    return [new AdvancedFilter(date, 'And', conditions).toJSON()];
  };
  switch (window.kind) {
    case 'relative': {
      const operator =
        window.operator === 'InLast' ? RelativeDateOperators.InLast : RelativeDateOperators.InThis;
      const unit = UNITS[window.unit] ?? RelativeDateFilterTimeUnit.Days;
      return [new RelativeDateFilter(date, operator, window.count, unit, window.includeToday).toJSON()];
    }
    case 'year': {
      const year = on(calendar?.year);
      return year
        ? [new BasicFilter(year, 'In', window.year).toJSON()]
        : range(`${window.year}-01-01`, `${window.year + 1}-01-01`);
    }
    case 'month': {
      const month = window.month + 1;
      if (window.year !== undefined) {
        const yearMonth = on(calendar?.yearMonth);
        if (yearMonth) return [new BasicFilter(yearMonth, 'In', `${window.year}-${pad(month)}`).toJSON()];
        const next = month === 12 ? `${window.year + 1}-01-01` : `${window.year}-${pad(month + 1)}-01`;
        return range(`${window.year}-${pad(month)}-01`, next);
      }
      const monthName = on(calendar?.monthName);
      if (!monthName)
        throw new NotUnderstood(`Name the year too, as in "${MONTH_NAMES[window.month] ?? ''} 2024".`);
      return [new BasicFilter(monthName, 'In', (MONTH_NAMES[window.month] ?? '').slice(0, 3)).toJSON()];
    }
    case 'quarter': {
      const quarter = on(calendar?.quarter);
      const year = on(calendar?.year);
      if (!quarter || (window.year !== undefined && !year))
        throw new NotUnderstood('This dataset has no quarters.');
      return [
        new BasicFilter(quarter, 'In', `Q${window.quarter}`).toJSON(),
        ...(window.year !== undefined && year ? [new BasicFilter(year, 'In', window.year).toJSON()] : []),
      ];
    }
    case 'range':
      return range(window.from, window.to);
  }
}

function conditionFilter(c: Condition): IFilter {
  if (c.kind === 'values')
    return new BasicFilter(colTarget(c.column), c.negate ? 'NotIn' : 'In', [...c.values]).toJSON();
  const target = 'column' in c.target ? colTarget(c.target.column) : measureTarget(c.target.measure);
  return new AdvancedFilter(target, 'And', { operator: c.comparison, value: c.value }).toJSON();
}

function conditionText(c: Condition): string {
  if (c.kind === 'values') return `${c.column.label} is ${c.negate ? 'not ' : ''}${c.values.join(' or ')}`;
  const label = 'column' in c.target ? c.target.column.label : c.target.measure.label;
  return `${label} is ${COMPARISON_TEXT[c.comparison]} ${c.value}`;
}

function conditionSummary(c: Condition): string {
  if (c.kind === 'values') return `${c.column.key} ${c.negate ? 'NotIn' : 'In'} ${c.values.join(', ')}`;
  const key = 'column' in c.target ? c.target.column.key : c.target.measure.key;
  return `${key} ${c.comparison} ${c.value}`;
}

const list = (xs: readonly string[]) => xs.join(' and ');

export function plural(word: string): string {
  if (word.endsWith('s')) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The calendar period a grouping column runs over (the first day of a month or week, a year), if any. */
function periodOf(lexicon: Lexicon, column: ColumnSense): Period | undefined {
  const calendar = lexicon.annotations.calendar;
  if (calendar === undefined || column.table !== calendar.table) return undefined;
  if (column.column === calendar.month || column.column === calendar.yearMonth) return 'month';
  if (column.column === calendar.week) return 'week';
  if (column.column === calendar.year) return 'year';
  return undefined;
}

const PERIOD_WORDS: Readonly<Record<Period, string>> = { month: 'months', week: 'weeks', year: 'years' };

/**
 * A time series the question gives no time phrase for covers the data's whole periods only: months and weeks the
 * data covers in part (the first, when the data starts inside it; the current one) are left out and the title says
 * "whole months". Years stay (leaving out both ends of a two-year sample would leave one bar) and the title names
 * the partial ones: "2024 and 2026 partial". A question with a time phrase shows the window it asked for.
 */
function periodScope(
  lexicon: Lexicon,
  u: Understanding,
  groups: readonly ColumnSense[],
): { filters: IFilter[]; note: string } | undefined {
  const span = lexicon.span;
  if (span === undefined || u.time.length > 0) return undefined;
  const period = groups.map((g) => periodOf(lexicon, g)).find((p) => p !== undefined);
  if (period === undefined) return undefined;
  if (period === 'year') {
    const years = new Set<string>();
    if (!span.first.endsWith('-01-01')) years.add(span.first.slice(0, 4));
    if (!span.last.endsWith('-12-31')) years.add(span.last.slice(0, 4));
    return years.size === 0 ? undefined : { filters: [], note: `${list([...years])} partial` };
  }
  const whole = wholePeriods(span, period);
  if (whole === undefined || whole.partial.length === 0) return undefined;
  const date = dateTarget(lexicon, u);
  const filter = new AdvancedFilter(date, 'And', [
    { operator: 'GreaterThanOrEqual', value: whole.from },
    { operator: 'LessThan', value: whole.to },
  ]).toJSON();
  return { filters: [filter], note: `whole ${PERIOD_WORDS[period]}` };
}

/** The canonical restatement: `total mono pages by model, top 5`. */
function restate(u: Understanding, groups: readonly ColumnSense[], periodNote?: string): string {
  const measures = list(u.measures.map((m) => m.label));
  const shown = u.measures.length > 0 ? measures : `list of ${list(groups.map((g) => plural(g.label)))}`;
  let text = u.share && u.measures.length === 1 && groups.length === 1 ? `share of ${shown}` : shown;
  if (u.measures.length > 0 && groups.length > 0) text += ` by ${list(groups.map((g) => g.label))}`;
  if (u.conditions.length > 0) text += ` where ${list(u.conditions.map(conditionText))}`;
  for (const window of u.time) text += `, ${window.label}`;
  if (periodNote !== undefined) text += `, ${periodNote}`;
  if (u.rank) text += `, ${u.rank.direction.toLowerCase()} ${u.rank.count}`;
  return text;
}

function rolesFor(type: VisualType, groups: readonly ColumnSense[], measures: readonly MeasurePick[]) {
  const g = groups.map(colRef);
  const m = measures.map((x) => x.ref);
  switch (type) {
    case 'card':
    case 'multiRowCard':
    case 'tableEx':
      return { values: [...g, ...m] };
    case 'pivotTable':
      return { rows: g.slice(0, 1), columns: g.slice(1, 2), values: m };
    case 'pieChart':
    case 'donutChart':
      return { category: g.slice(0, 1), values: m.slice(0, 1) };
    default:
      return g.length > 1
        ? { category: g.slice(0, 1), series: g.slice(1, 2), values: m }
        : { category: g.slice(0, 1), values: m };
  }
}

/** Shapes an understanding into the answer: visual, query and normalized question. */
export function shapeAnswer(lexicon: Lexicon, question: string, u: Understanding): Answer {
  // A line runs along time: put the time column first, the category becomes its series.
  const groups = [...u.groups].sort(
    (a, b) => Number(isTimeline(lexicon, b)) - Number(isTimeline(lexicon, a)),
  );
  const type = chooseVisual(lexicon, u, groups);
  const ordered = type === 'lineChart' || type === 'areaChart' ? groups : [...u.groups];
  const dataRoles = rolesFor(type, ordered, u.measures);
  const select = Object.values(dataRoles).flat();
  const scope = periodScope(lexicon, u, ordered);
  const filters: IFilter[] = [
    ...u.conditions.map(conditionFilter),
    ...u.time.flatMap((w) => timeFilters(lexicon, u, w)),
    ...(scope?.filters ?? []),
  ];
  const first = u.measures[0];
  const ranked = u.rank === undefined ? undefined : (ordered.find((g) => !isTime(lexicon, g)) ?? ordered[0]);
  if (u.rank && ranked && first) {
    filters.push(
      new TopNFilter(colTarget(ranked), u.rank.direction, u.rank.count, measureTarget(first)).toJSON(),
    );
  }
  const byValue =
    first !== undefined &&
    ordered.length === 1 &&
    ordered[0] !== undefined &&
    !isTime(lexicon, ordered[0]) &&
    type !== 'pivotTable';
  const orderBy: OrderByItem[] =
    byValue && first
      ? [{ field: first.ref, direction: u.rank?.direction === 'Bottom' ? 'Ascending' : 'Descending' }]
      : [];
  const normalizedQuestion = restate(u, ordered, scope?.note);
  const chart = type !== 'card' && type !== 'tableEx' && type !== 'pivotTable';
  const formatting: Record<string, unknown> =
    chart && type !== 'lineChart' && type !== 'areaChart' ? { dataLabels: { show: true } } : {};
  return {
    status: 'answered',
    question,
    normalizedQuestion,
    summary: {
      measures: u.measures.map((m) => m.key),
      groups: ordered.map((g) => g.key),
      filters: u.conditions.map(conditionSummary),
      time: [...u.time.map((w) => w.label), ...(scope ? [scope.note] : [])],
      ...(u.rank && ranked ? { rank: `${u.rank.direction} ${u.rank.count} ${ranked.key}` } : {}),
    },
    visual: {
      type,
      title: normalizedQuestion.charAt(0).toUpperCase() + normalizedQuestion.slice(1),
      dataRoles,
      formatting,
    },
    query: {
      datasetId: lexicon.dataset.id,
      select,
      ...(filters.length > 0 ? { filters } : {}),
      ...(orderBy.length > 0 ? { orderBy } : {}),
    },
  };
}
