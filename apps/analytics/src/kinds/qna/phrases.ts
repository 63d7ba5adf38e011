/**
 * The fixed grammar around the model's words: numbers, time phrases ("last 30 days", "this year", "in June 2024",
 * "since March 2024"), top/bottom N and comparisons. Each parser looks at the words from position `at` and answers
 * how many it used and what they mean, or undefined.
 */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
};

/** `'5'` → 5, `'five'` → 5, `'2.5'` → 2.5; anything else undefined. */
export function numberOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const LONG_MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());

/** `'june'`, `'jun'`, `'sept'` → 5, 5, 8 (zero-based); otherwise undefined. */
function monthOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const long = LONG_MONTHS.indexOf(word);
  if (long >= 0) return long;
  const short = MONTHS.indexOf(word === 'sept' ? 'sep' : word);
  return short >= 0 ? short : undefined;
}

const yearOf = (word: string | undefined): number | undefined =>
  word !== undefined && /^(19|20|21)\d\d$/.test(word) ? Number(word) : undefined;

export type RelativeUnit =
  'Days' | 'Weeks' | 'CalendarWeeks' | 'Months' | 'CalendarMonths' | 'Years' | 'CalendarYears';

/** A time window of a question, before it becomes a filter on the calendar. */
export type TimeWindow =
  | {
      readonly kind: 'relative';
      readonly operator: 'InLast' | 'InThis';
      readonly count: number;
      readonly unit: RelativeUnit;
      readonly includeToday: boolean;
      readonly label: string;
    }
  | { readonly kind: 'year'; readonly year: number; readonly label: string }
  | {
      readonly kind: 'month';
      readonly year: number | undefined;
      readonly month: number;
      readonly label: string;
    }
  | {
      readonly kind: 'quarter';
      readonly year: number | undefined;
      readonly quarter: number;
      readonly label: string;
    }
  /** Days from `from` (inclusive) to `to` (exclusive), ISO dates; either end may be open. */
  | { readonly kind: 'range'; readonly from?: string; readonly to?: string; readonly label: string };

export interface Parsed<T> {
  readonly length: number;
  readonly value: T;
}

const ROLLING: Readonly<Record<string, RelativeUnit>> = {
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
  year: 'Years',
};
const CALENDAR: Readonly<Record<string, RelativeUnit>> = {
  week: 'CalendarWeeks',
  month: 'CalendarMonths',
  year: 'CalendarYears',
};
const plural = (n: number, unit: string) => (n === 1 ? unit : `${unit}s`);

const iso = (y: number, m: number, d: number): string =>
  new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** A point in time a range can start or end at: its first day and the day after its last. */
interface Point {
  readonly start: string;
  readonly end: string;
  readonly label: string;
}

function parsePoint(words: readonly string[], at: number): Parsed<Point> | undefined {
  const word = words[at];
  const date = word === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(word);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]) - 1, Number(date[3])];
    if (iso(y, m, d) !== word) return undefined;
    return { length: 1, value: { start: word, end: iso(y, m, d + 1), label: word } };
  }
  const month = monthOf(word);
  const monthYear = yearOf(words[at + 1]);
  if (month !== undefined && monthYear !== undefined) {
    return {
      length: 2,
      value: {
        start: iso(monthYear, month, 1),
        end: iso(monthYear, month + 1, 1),
        label: `${MONTH_NAMES[month] ?? ''} ${monthYear}`,
      },
    };
  }
  const year = yearOf(word);
  if (year !== undefined)
    return { length: 1, value: { start: iso(year, 0, 1), end: iso(year + 1, 0, 1), label: String(year) } };
  return undefined;
}

const SINCE = new Set(['since', 'after', 'from']);
const BEFORE = new Set(['before', 'until', 'till', 'through', 'to']);

/**
 * A time phrase at `at`.
 *
 * ```ts
 * parseTime(['last', '30', 'day'], 0); // { length: 3, value: { kind: 'relative', operator: 'InLast', count: 30, unit: 'Days', … } }
 * ```
 */
export function parseTime(words: readonly string[], at: number): Parsed<TimeWindow> | undefined {
  const [w0, w1, w2] = [words[at], words[at + 1], words[at + 2]];
  if (w0 === undefined) return undefined;
  // last / past / previous / trailing N days|weeks|months|years
  if (w0 === 'last' || w0 === 'past' || w0 === 'previous' || w0 === 'trailing') {
    const count = numberOf(w1);
    const rolling = w2 === undefined ? undefined : ROLLING[w2];
    if (count !== undefined && Number.isInteger(count) && count >= 1 && count <= 1000 && rolling) {
      const label = `last ${count} ${plural(count, w2 ?? '')}`;
      return {
        length: 3,
        value: { kind: 'relative', operator: 'InLast', count, unit: rolling, includeToday: true, label },
      };
    }
    if (w1 === 'day')
      return {
        length: 2,
        value: {
          kind: 'relative',
          operator: 'InLast',
          count: 1,
          unit: 'Days',
          includeToday: false,
          label: 'yesterday',
        },
      };
    const calendar = w1 === undefined ? undefined : CALENDAR[w1];
    if (calendar)
      return {
        length: 2,
        value: {
          kind: 'relative',
          operator: 'InLast',
          count: 1,
          unit: calendar,
          includeToday: false,
          label: `last ${w1 ?? ''}`,
        },
      };
    return undefined;
  }
  if (w0 === 'this' || w0 === 'current') {
    if (w1 === 'day') return { length: 2, value: today() };
    const calendar = w1 === undefined ? undefined : CALENDAR[w1];
    if (calendar)
      return {
        length: 2,
        value: {
          kind: 'relative',
          operator: 'InThis',
          count: 1,
          unit: calendar,
          includeToday: true,
          label: `this ${w1 ?? ''}`,
        },
      };
    return undefined;
  }
  if (w0 === 'today') return { length: 1, value: today() };
  if (w0 === 'yesterday')
    return {
      length: 1,
      value: {
        kind: 'relative',
        operator: 'InLast',
        count: 1,
        unit: 'Days',
        includeToday: false,
        label: 'yesterday',
      },
    };
  if (w0 === 'ytd' || (w0 === 'year' && w1 === 'to' && w2 === 'date'))
    return {
      length: w0 === 'ytd' ? 1 : 3,
      value: {
        kind: 'relative',
        operator: 'InThis',
        count: 1,
        unit: 'CalendarYears',
        includeToday: true,
        label: 'this year',
      },
    };
  if (w0 === 'mtd' || (w0 === 'month' && w1 === 'to' && w2 === 'date'))
    return {
      length: w0 === 'mtd' ? 1 : 3,
      value: {
        kind: 'relative',
        operator: 'InThis',
        count: 1,
        unit: 'CalendarMonths',
        includeToday: true,
        label: 'this month',
      },
    };
  // between X and Y, from X to Y
  if (w0 === 'between' || w0 === 'from') {
    const first = parsePoint(words, at + 1);
    const joiner = first === undefined ? undefined : words[at + 1 + first.length];
    if (
      first &&
      ((w0 === 'between' && joiner === 'and') || (w0 === 'from' && (joiner === 'to' || joiner === 'until')))
    ) {
      const second = parsePoint(words, at + 2 + first.length);
      if (second && second.value.end > first.value.start) {
        const { start } = first.value;
        const { end } = second.value;
        return {
          length: 2 + first.length + second.length,
          value: {
            kind: 'range',
            from: start,
            to: end,
            label: `between ${first.value.label} and ${second.value.label}`,
          },
        };
      }
    }
  }
  if (SINCE.has(w0)) {
    const point = parsePoint(words, at + 1);
    if (point) {
      const from = w0 === 'after' ? point.value.end : point.value.start;
      return {
        length: 1 + point.length,
        value: { kind: 'range', from, label: `${w0 === 'after' ? 'after' : 'since'} ${point.value.label}` },
      };
    }
  }
  if (BEFORE.has(w0)) {
    const point = parsePoint(words, at + 1);
    if (point) {
      const to = w0 === 'before' ? point.value.start : point.value.end;
      return {
        length: 1 + point.length,
        value: { kind: 'range', to, label: `${w0 === 'before' ? 'before' : 'until'} ${point.value.label}` },
      };
    }
  }
  // on 2024-06-01
  if (/^\d{4}-\d{2}-\d{2}$/.test(w0)) {
    const point = parsePoint(words, at);
    if (point)
      return {
        length: 1,
        value: { kind: 'range', from: point.value.start, to: point.value.end, label: `on ${w0}` },
      };
  }
  // Q2 [2024]
  const quarter = /^q([1-4])$/.exec(w0);
  if (quarter) {
    const year = yearOf(w1);
    const q = Number(quarter[1]);
    return {
      length: year === undefined ? 1 : 2,
      value: {
        kind: 'quarter',
        quarter: q,
        year,
        label: year === undefined ? `in Q${q}` : `in Q${q} ${year}`,
      },
    };
  }
  // June [2024]: "may" only with a year or after "in" / "during".
  const month = monthOf(w0);
  if (month !== undefined) {
    const year = yearOf(w1);
    const name = MONTH_NAMES[month] ?? '';
    const previous = words[at - 1];
    if (year !== undefined)
      return { length: 2, value: { kind: 'month', month, year, label: `in ${name} ${year}` } };
    if (w0 !== 'may' || previous === 'in' || previous === 'during')
      return { length: 1, value: { kind: 'month', month, year: undefined, label: `in ${name}` } };
  }
  const year = yearOf(w0);
  if (year !== undefined) return { length: 1, value: { kind: 'year', year, label: `in ${year}` } };
  return undefined;
}

function today(): TimeWindow {
  return { kind: 'relative', operator: 'InThis', count: 1, unit: 'Days', includeToday: true, label: 'today' };
}

export interface Rank {
  readonly direction: 'Top' | 'Bottom';
  readonly count: number;
}

const TOP_WORDS = new Set(['top', 'highest', 'best', 'biggest', 'largest', 'busiest']);
const BOTTOM_WORDS = new Set(['bottom', 'lowest', 'worst', 'smallest', 'least', 'quietest']);

/** "top 5", "bottom three", "highest 10"; "top" alone is a top 10. */
export function parseRank(words: readonly string[], at: number): Parsed<Rank> | undefined {
  const word = words[at];
  if (word === undefined) return undefined;
  const direction = TOP_WORDS.has(word) ? 'Top' : BOTTOM_WORDS.has(word) ? 'Bottom' : undefined;
  if (direction === undefined) return undefined;
  const count = numberOf(words[at + 1]);
  if (count !== undefined && Number.isInteger(count) && count >= 1)
    return { length: 2, value: { direction, count: Math.min(count, 1000) } };
  if (word === 'top' || word === 'bottom') return { length: 1, value: { direction, count: 10 } };
  return undefined;
}

export type Comparison = 'GreaterThan' | 'GreaterThanOrEqual' | 'LessThan' | 'LessThanOrEqual' | 'Is';

const COMPARATORS: readonly (readonly [string, Comparison])[] = [
  ['more than', 'GreaterThan'],
  ['greater than', 'GreaterThan'],
  ['higher than', 'GreaterThan'],
  ['larger than', 'GreaterThan'],
  ['over', 'GreaterThan'],
  ['above', 'GreaterThan'],
  ['>', 'GreaterThan'],
  ['at least', 'GreaterThanOrEqual'],
  ['>=', 'GreaterThanOrEqual'],
  ['less than', 'LessThan'],
  ['fewer than', 'LessThan'],
  ['lower than', 'LessThan'],
  ['under', 'LessThan'],
  ['below', 'LessThan'],
  ['<', 'LessThan'],
  ['at most', 'LessThanOrEqual'],
  ['<=', 'LessThanOrEqual'],
  ['equal to', 'Is'],
  ['exactly', 'Is'],
  ['=', 'Is'],
];

/** "more than", "at least", ">=" …: the comparison and how many words it took. */
export function parseComparator(words: readonly string[], at: number): Parsed<Comparison> | undefined {
  for (const [phrase, comparison] of COMPARATORS) {
    const parts = phrase.split(' ');
    if (parts.every((part, i) => words[at + i] === part)) return { length: parts.length, value: comparison };
  }
  return undefined;
}

export const COMPARISON_TEXT: Readonly<Record<Comparison, string>> = {
  GreaterThan: 'more than',
  GreaterThanOrEqual: 'at least',
  LessThan: 'less than',
  LessThanOrEqual: 'at most',
  Is: 'equal to',
};

export { MONTH_NAMES };
