/**
 * First pass of the interpreter: the question's words → a list of items (model terms, time windows, ranks,
 * comparisons, numbers, grammar words), longest phrase first. Words it cannot place are `unknown` items.
 */
import type { Lexicon, Sense, ValueSense } from './lexicon.ts';
import { numberOf, parseComparator, parseRank, parseTime } from './phrases.ts';
import type { Comparison, Rank, TimeWindow } from './phrases.ts';
import { normalWord } from './text.ts';
import type { Token } from './text.ts';

/** Grammar words the resolver acts on. */
export type Keyword =
  | 'count'
  | 'which'
  | 'list'
  | 'most'
  | 'least'
  | 'not'
  | 'share'
  | 'Average'
  | 'Sum'
  | 'Min'
  | 'Max'
  | `visual:${string}`;

export type Item =
  /** A model term; `partial` when one word of several values stands for all of them ("laserjet"). */
  | {
      readonly kind: 'sense';
      readonly senses: readonly Sense[];
      readonly text: string;
      readonly partial?: boolean;
    }
  | { readonly kind: 'time'; readonly window: TimeWindow }
  | { readonly kind: 'rank'; readonly rank: Rank }
  | { readonly kind: 'compare'; readonly comparison: Comparison; readonly text: string }
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'keyword'; readonly keyword: Keyword }
  /** A word that only binds others ("is", "by", "where"): kept so the resolver can look past it. */
  | { readonly kind: 'glue'; readonly word: string }
  | { readonly kind: 'unknown'; readonly text: string };

const words = (list: string): string[] => list.split(' ').map(normalWord);

const KEYWORDS = new Map<string, Keyword>([
  ...words('count number').map((w) => [w, 'count'] as const),
  ...words('which what').map((w) => [w, 'which'] as const),
  ...words('list').map((w) => [w, 'list'] as const),
  ...words('most highest best biggest largest busiest').map((w) => [w, 'most'] as const),
  ...words('least fewest lowest worst smallest quietest').map((w) => [w, 'least'] as const),
  ...words('not except excluding exclude without other').map((w) => [w, 'not'] as const),
  ...words('share percentage percent proportion breakdown distribution split').map(
    (w) => [w, 'share'] as const,
  ),
  ...words('average avg mean').map((w) => [w, 'Average'] as const),
  ...words('sum total').map((w) => [w, 'Sum'] as const),
  ...words('minimum min').map((w) => [w, 'Min'] as const),
  ...words('maximum max').map((w) => [w, 'Max'] as const),
  ['table', 'visual:tableEx'],
  ['matrix', 'visual:pivotTable'],
  ['pivot', 'visual:pivotTable'],
  ['pie', 'visual:pieChart'],
  ['donut', 'visual:donutChart'],
  ['doughnut', 'visual:donutChart'],
  ['bar', 'visual:clusteredBarChart'],
  ['column', 'visual:clusteredColumnChart'],
  ['line', 'visual:lineChart'],
  ['area', 'visual:areaChart'],
  ['card', 'visual:card'],
]);

/** Words that carry no meaning of their own here (checked after every other reading). */
const GLUE = new Set(
  words(
    'a an the of in on at by per each every for where with across and or as is are was were be been being ' +
      'do does did has have had there to from i we me my our us you your please all any get give show display ' +
      'tell about that it its can could would will see want like whole overall entire fleet than many much ' +
      'how so far ever chart graph visual plot data value named called equal equals compare compared ' +
      'comparison versus vs amount they them their those these up',
  ),
);

/**
 * The items of a question.
 *
 * ```ts
 * scan(lexicon, tokenize('top 5 models by mono pages')).map((i) => i.kind); // ['rank', 'sense', 'glue', 'sense']
 * ```
 */
export function scan(lexicon: Lexicon, tokens: readonly Token[]): Item[] {
  const list = tokens.map((t) => t.word);
  const items: Item[] = [];
  let at = 0;
  while (at < list.length) {
    const word = list[at] ?? '';
    const text = tokens[at]?.text ?? word;
    const time = parseTime(list, at);
    if (time) {
      items.push({ kind: 'time', window: time.value });
      at += time.length;
      continue;
    }
    const phrase = longestPhrase(lexicon, list, at);
    if (phrase) {
      const phraseText = tokens
        .slice(at, at + phrase.length)
        .map((t) => t.text)
        .join(' ');
      items.push({ kind: 'sense', senses: phrase.senses, text: phraseText });
      at += phrase.length;
      continue;
    }
    const rank = parseRank(list, at);
    if (rank) {
      items.push({ kind: 'rank', rank: rank.value });
      at += rank.length;
      continue;
    }
    const comparator = parseComparator(list, at);
    if (comparator) {
      const compareText = tokens
        .slice(at, at + comparator.length)
        .map((t) => t.text)
        .join(' ');
      items.push({ kind: 'compare', comparison: comparator.value, text: compareText });
      at += comparator.length;
      continue;
    }
    if (word === 'how' && list[at + 1] === 'many') {
      items.push({ kind: 'keyword', keyword: 'count' });
      at += 2;
      continue;
    }
    const keyword = KEYWORDS.get(word);
    if (keyword) items.push({ kind: 'keyword', keyword });
    else if (numberOf(word) !== undefined) items.push({ kind: 'number', value: numberOf(word) ?? 0, text });
    else if (GLUE.has(word)) items.push({ kind: 'glue', word });
    else {
      const partial = lexicon.valueWords.get(word);
      items.push(partial ? partialValue(partial, text) : { kind: 'unknown', text });
    }
    at += 1;
  }
  return items;
}

function longestPhrase(
  lexicon: Lexicon,
  list: readonly string[],
  at: number,
): { length: number; senses: readonly Sense[] } | undefined {
  for (let length = Math.min(lexicon.longestPhrase, list.length - at); length >= 1; length--) {
    const senses = lexicon.phrases.get(list.slice(at, at + length).join(' '));
    if (senses) return { length, senses };
  }
  return undefined;
}

/** A word of several values of one column ("laserjet"): all of them, as one item. */
function partialValue(senses: readonly ValueSense[], text: string): Item {
  return { kind: 'sense', senses, text, partial: true };
}
