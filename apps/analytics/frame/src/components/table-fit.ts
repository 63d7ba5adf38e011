/**
 * How wide a table's columns are, from their measured contents (`TableVisuals`): numbers and dates are never cut,
 * headers wrap onto two lines before any text is cut, and text columns give way (cut with "…", widest first) before
 * a number is pushed out of sight. No React, no DOM: the texts' widths come from a `Measure`.
 */
import { estimatedPx, LABEL_FONT_PX } from '../render/text-width.ts';

/** A text's width in pixels; `bold` for headers. */
export type Measure = (text: string, bold?: boolean) => number;

/** Cells' padding (6 px each side, `.table td`) and 2 px for rounding and a measure a hair short. */
export const CELL_PAD = 14;
/**
 * A text column is cut no narrower than this many em ("Color…", "Buildi…": enough to tell most rows apart, the title
 * naming them whole) unless its texts are: on a phone four text columns and a number fit in 340 pixels.
 */
const TEXT_FLOOR_EM = 3.5;
/**
 * The first column names the row (a model, a site): cut no narrower than this many em ("Color Lase…", "imageRUNN…").
 * At 3.5 em a phone read "i-SEN…", "imag…" and "Color…" four times beside the numbers, and no row could be told from
 * another; where it does not fit, the table scrolls sideways with that column held in place (`.table.scrolls`). Every
 * text column keeps as much in a table with no number after its first column: cutting deeper keeps no number in view,
 * and a 200 % zoom read "Firm…", "Drum…", "imag…", "Buildin…" on every row of the open alerts.
 */
const LEGIBLE_FLOOR_EM = 6;
/** A header's longest word counts up to this many em; a longer word breaks anywhere (`.table thead th`). */
const HEADER_CAP_EM = 12;
/**
 * Where a table is too narrow for its header words, a word breaks between syllables, with a hyphen (`hyphenated`),
 * down to lines as narrow as a cut text ("Мини-", "Sei-"): on a phone "Минимальный уровень" and "Verbrauchsmaterial"
 * held their columns at their longest word, and every number was a scroll away.
 */
const HEADER_BREAK_EM = TEXT_FLOOR_EM;
/** In a table that scrolls sideways anyway, prose is cut to this many em at most (an address: "Building A, Floor…"). */
const SCROLL_PROSE_EM = 10;

/**
 * One column's widths, padding included: `natural` shows every value and the header on one line, `wrapped` lets the
 * header take two lines, `least` is the narrowest it may be (a number or date column: its widest value or its
 * header's longest word, the header then on three lines or more; a text column: cut to about 3.5 em).
 */
export interface ColumnNeed {
  readonly natural: number;
  readonly wrapped: number;
  readonly least: number;
  /** Numbers and dates: never cut. */
  readonly whole?: boolean;
  /** Codes and identifiers (a serial number: no value has a space) are cut only after the prose columns. */
  readonly cutLast?: boolean;
  /** A text column's least where no number needs the room (about 6 em, `LEGIBLE_FLOOR_EM`); default `least`. */
  readonly legible?: number;
  /**
   * Its width in a table that scrolls sideways even with every column at its least: cutting would not spare the
   * scroll, so only long prose is cut (to about 10 em), numbers, dates, codes and identifiers whole (default `least`).
   */
  readonly scroll?: number;
}

/**
 * The narrowest a header is on at most two lines, broken between words (the widest of the two halves at the best
 * break; a header without spaces, as in Japanese, whole).
 *
 * @example twoLineWidth('Average pages per unit', (t) => t.length) // → 13 ('Average pages' / 'per unit')
 */
export function twoLineWidth(header: string, measure: (text: string) => number): number {
  const words = header.trim().split(/\s+/);
  let best = measure(header.trim());
  for (let i = 1; i < words.length; i++) {
    best = Math.min(best, Math.max(measure(words.slice(0, i).join(' ')), measure(words.slice(i).join(' '))));
  }
  return best;
}

const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿąęаеёиоуыэюя]/i;
const LETTER = /\p{L}/u;
/** Letters that never start a syllable (ь, ъ, й), and consonant pairs that are one sound or begin one (ch, st, br, пл). */
const NEVER_FIRST = /[ьъй]/i;
const ONE_ONSET = /^(?:ch|ck|sch|ph|th|sh|st|sz|cz|rz|dz|[bcdfgkpt][rl]|ст|[бвгдкпт][рл])$/i;

/**
 * Where `word` may break between syllables: before the consonant (or the consonant pair that begins a syllable, "br",
 * "ch") that a vowel follows, with a vowel and two letters before it and three after — "Mini|mal|ny", "Wech|sel", "Ver|brauchs|ma|te|rial".
 * A rough rule that needs no dictionary, right in most words of the seven languages; none in a word without vowels
 * (Japanese, a code).
 */
export function syllableBreaks(word: string): number[] {
  const chars = Array.from(word);
  const breaks: number[] = [];
  const isVowel = (c: string | undefined) => c !== undefined && VOWEL.test(c);
  const isConsonant = (c: string | undefined) => c !== undefined && LETTER.test(c) && !VOWEL.test(c);
  for (let i = 2; i < chars.length - 1; i++) {
    if (!isConsonant(chars[i]) || NEVER_FIRST.test(chars[i] ?? '') || !isVowel(chars[i + 1])) continue;
    // Back over a consonant pair that begins a syllable ("brauchs", "Woche": not "Verb|rauchs", "Woc|he").
    let at = i;
    const pair = chars.slice(i - 1, i + 1).join('');
    const triple = chars.slice(i - 2, i + 1).join('');
    if (ONE_ONSET.test(triple) && isConsonant(chars[i - 2])) at = i - 2;
    else if (ONE_ONSET.test(pair) && isConsonant(chars[i - 1])) at = i - 1;
    const before = chars.slice(0, at);
    const after = chars.slice(at);
    // Three letters after: "Aver-age", not "Avera-ge".
    if (before.length < 2 || after.length < 3 || !before.some(isVowel) || !after.some(isVowel)) continue;
    if (!before.every((c) => LETTER.test(c))) continue;
    if (breaks[breaks.length - 1] !== at) breaks.push(at);
  }
  return breaks;
}

/**
 * `header` with a soft hyphen at each syllable break of its words (`syllableBreaks`): a column narrower than a word
 * breaks it there, with a hyphen, rather than after any letter.
 *
 * @example hyphenated('Минимальный уровень') // → 'Ми\u00adни\u00adмаль\u00adный уро\u00adвень'
 */
export function hyphenated(header: string): string {
  return header
    .split(/(\s+)/)
    .map((word) => {
      const chars = Array.from(word);
      const breaks = new Set(syllableBreaks(word));
      return chars.map((c, i) => (breaks.has(i) ? `\u00ad${c}` : c)).join('');
    })
    .join('');
}

/**
 * `header` as its column shows it at `px` (padding excluded): whole where its longest word fits, else `hyphenated`.
 */
export function headerAt(header: string, px: number, measure: Measure): string {
  const longest = Math.max(0, ...header.split(/\s+/).map((word) => measure(word, true)));
  return longest <= px + 0.5 ? header : hyphenated(header);
}

/**
 * The narrowest a header's words let it be where they break between syllables: its widest syllable with its hyphen,
 * lines no narrower than about 3.5 em (`HEADER_BREAK_EM`), never wider than its longest word.
 */
function brokenWordWidth(header: string, bold: (text: string) => number, em: number): number {
  let widest = 0;
  let longest = 0;
  for (const word of header.split(/\s+/)) {
    const chars = Array.from(word);
    longest = Math.max(longest, bold(word));
    const cuts = [0, ...syllableBreaks(word), chars.length];
    for (let i = 1; i < cuts.length; i++) {
      const piece = chars.slice(cuts[i - 1], cuts[i]).join('');
      widest = Math.max(widest, bold(i < cuts.length - 1 ? `${piece}-` : piece));
    }
  }
  return Math.min(longest, Math.max(widest, HEADER_BREAK_EM * em));
}

/**
 * A column's widths from its header and its cells' texts (as written). `whole`: numbers and dates, never cut.
 */
export function columnNeed(
  header: string,
  texts: readonly string[],
  whole: boolean,
  measure: Measure,
  em: number,
  /** Its cells are bold (a matrix's row headers). */
  boldCells = false,
  /** The table's first column, which names its rows: cut no narrower than about 6 em. */
  namesRows = false,
): ColumnNeed {
  const values = Math.max(0, ...Array.from(new Set(texts), (t) => measure(t, boldCells)));
  const bold = (t: string) => measure(t, true);
  const cap = HEADER_CAP_EM * em;
  const headerLine = bold(header);
  const headerTwo = Math.min(twoLineWidth(header, bold), cap);
  const natural = Math.max(values, headerLine) + CELL_PAD;
  const wrapped = Math.min(natural, Math.max(values, headerTwo) + CELL_PAD);
  // At its least a header's words break between syllables: a number's column is as narrow as its values.
  const brokenWord = Math.min(cap, brokenWordWidth(header, bold, em));
  if (whole)
    return {
      natural,
      wrapped,
      least: Math.min(wrapped, Math.max(values, brokenWord) + CELL_PAD),
      whole,
      scroll: wrapped,
    };
  const cutTo = (floorEm: number) => Math.min(wrapped, Math.max(floorEm * em, brokenWord) + CELL_PAD);
  const legible = cutTo(LEGIBLE_FLOOR_EM);
  const least = namesRows ? legible : cutTo(TEXT_FLOOR_EM);
  const cutLast = texts.every((t) => !/\s/.test(t.trim()));
  const scroll = cutLast ? wrapped : Math.min(wrapped, Math.max(legible, SCROLL_PROSE_EM * em + CELL_PAD));
  return { natural, wrapped, least, legible, cutLast, scroll };
}

/** The widths' total. */
const sum = (widths: readonly number[]): number => widths.reduce((a, b) => a + b, 0);

/**
 * Widths between `low` and `high` adding up to `target`, cut from the widest down: each column gets `level` clamped
 * to its range, for the one level that adds up (so a long model name gives way before a short site).
 */
function levelled(low: readonly number[], high: readonly number[], target: number): number[] {
  const at = (level: number) => high.map((h, i) => Math.max(low[i] ?? 0, Math.min(h, level)));
  if (sum(high) <= target) return [...high];
  let lo = 0;
  let hi = Math.max(0, ...high);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (sum(at(mid)) > target) hi = mid;
    else lo = mid;
  }
  return at(lo);
}

/** The columns' widths in a box; `scrolls` when even at their least they are wider than it. */
export interface Allotment {
  readonly widths: readonly number[];
  readonly scrolls: boolean;
}

/**
 * Allots `available` pixels to columns: all natural where they fit (the table then fills the box, the spare room
 * shared by the browser); else headers wrap, widest first; else text columns are cut, widest first (prose before
 * codes and identifiers; to about 3.5 em where that keeps a number in view, else to about 6 em). Where even that is
 * wider than the box, the table scrolls sideways: its first view is the columns up to its first number where they fit
 * cut, allotted as a table of their own; else cutting would buy nothing, and each column is at its `scroll` width
 * (numbers, dates and identifiers whole, long prose cut to about 10 em). Either way the columns the box shows first
 * fill it exactly, so its edge falls between two columns and no number shows cut before a scroll.
 *
 * @example allotColumns([{ natural: 300, wrapped: 300, least: 80 }, { natural: 60, wrapped: 60, least: 60 }], 200)
 *   // → { widths: [140, 60], scrolls: false }
 */
export function allotColumns(columns: readonly ColumnNeed[], available: number): Allotment {
  // Text is cut to about 3.5 em only to keep a number in view; with none after the first column, to about 6 em.
  const keepsNumbers = columns.slice(1).some((n) => n.whole === true);
  const needs = keepsNumbers ? columns : columns.map((n) => ({ ...n, least: n.legible ?? n.least }));
  const natural = needs.map((n) => n.natural);
  const least = needs.map((n) => n.least);
  if (sum(natural) <= available) return { widths: natural, scrolls: false };
  // Each step narrower than the one before: headers on two lines; prose cut (a location, a model name); codes and
  // identifiers cut (a serial number); the numbers' headers on three lines or more.
  const steps = [
    needs.map((n) => n.wrapped),
    needs.map((n) => (n.whole || n.cutLast ? n.wrapped : n.least)),
    needs.map((n) => (n.whole ? n.wrapped : n.least)),
    least,
  ];
  let wider = natural;
  for (const step of steps) {
    if (sum(step) <= available) return { widths: levelled(step, wider, available), scrolls: false };
    wider = step;
  }
  // Scrolls. Where the columns up to the first number fit at their least, the first view shows them, allotted as a
  // table of their own (the number a customer reads the table by: "The 20 busiest printers" on a phone showed serial
  // numbers and models, its pages a scroll away); the other columns follow whole.
  // The numbers right after the first come along where they fit too: "Pages per unit by model and supply" named its
  // second number, and a German phone showed Wechsel alone.
  const scrolling = needs.map((n) => n.scroll ?? n.least);
  const firstNumber = needs.findIndex((n, i) => i > 0 && n.whole === true);
  let leadEnd = firstNumber + 1;
  while (
    leadEnd < needs.length &&
    needs[leadEnd]?.whole === true &&
    sum(least.slice(0, leadEnd + 1)) <= available
  )
    leadEnd += 1;
  const lead = needs.slice(0, leadEnd);
  if (firstNumber > 0 && sum(lead.map((n) => n.least)) <= available) {
    const shown = allotColumns(lead, available).widths;
    return { widths: [...fill(shown, lead, available), ...scrolling.slice(lead.length)], scrolls: true };
  }
  // Else cutting cannot spare the scroll, so only long prose is cut (`scroll`); the first columns that fit whole fill
  // the box.
  let shown = 0;
  let used = 0;
  while (shown < needs.length && used + (scrolling[shown] ?? 0) <= available) {
    used += scrolling[shown] ?? 0;
    shown += 1;
  }
  if (shown === 0) return { widths: scrolling, scrolls: true };
  const grown = levelled(scrolling.slice(0, shown), natural.slice(0, shown), available);
  return {
    widths: [...fill(grown, needs.slice(0, shown), available), ...scrolling.slice(shown)],
    scrolls: true,
  };
}

/**
 * `widths` grown to add up to `available`, so the box's edge falls between two columns: the text columns share what
 * is left (evenly, a text reads the same with room after it), a number's column grows only where there is no text
 * column (it stands right-aligned, and 40 spare pixels put "343" far from its neighbour and its header's start).
 */
function fill(widths: readonly number[], columns: readonly ColumnNeed[], available: number): number[] {
  // Less than a pixel is the levelling's rounding, not room.
  if (available - sum(widths) < 0.5) return [...widths];
  // First the cut texts grow back, the most cut first.
  const uncut = levelled(
    widths,
    widths.map((w, i) => (columns[i]?.whole === true ? w : Math.max(w, columns[i]?.natural ?? w))),
    available,
  );
  const spare = available - sum(uncut);
  if (spare < 0.5) return uncut;
  const text = columns.flatMap((n, i) => (n.whole === true ? [] : [i]));
  const takers = text.length > 0 ? text : [widths.length - 1];
  return uncut.map((w, i) => (takers.includes(i) ? w + spare / takers.length : w));
}

/**
 * `text` cut with "…" to fit `px`: at the end, or in the middle (keeping its start and its end, where rows differ
 * only in their last words: "Canon › imageRUNNER ADVANCE DX C5850i" → "Canon › imageRU…C5850i").
 */
export function cutText(text: string, px: number, measure: Measure, where: 'end' | 'middle'): string {
  if (measure(text) <= px) return text;
  const chars = Array.from(text);
  const cut = (keep: number) => {
    if (where === 'end') return `${chars.slice(0, keep).join('').trimEnd()}…`;
    const head = Math.ceil(keep / 2);
    return `${chars.slice(0, head).join('').trimEnd()}…${chars
      .slice(chars.length - (keep - head))
      .join('')
      .trimStart()}`;
  };
  let low = 1;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(cut(mid)) <= px) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}

/**
 * A column's texts cut to `px`: at the end, or in the middle (keeping its start and its end, where rows differ only in
 * their last words: "Canon › imageRUNNER ADVANCE DX C5850i" and "Canon › imageRUNNER 2630i" keep their start and their
 * model number), or `apart` (a table's cells): at the end, unless that makes rows read the same that the middle keeps
 * apart and the texts end in a number (model names: "Color…" four times on a phone for four Color LaserJets,
 * "Colo…555dn" and "Colo…454dw" cut in the middle, where that keeps four letters of each start). Prose is cut at the end
 * even where rows then read alike: "Main Bui…" says more than "Mai…ing". Uncut texts stay as they are.
 */
export function cutColumn(
  texts: readonly string[],
  px: number,
  measure: Measure,
  where: 'end' | 'middle' | 'apart' = 'end',
): Map<string, string> {
  const cutAt = (at: 'end' | 'middle') =>
    new Map(Array.from(new Set(texts), (t) => [t, cutText(t, px, measure, at)]));
  if (where !== 'apart') return cutAt(where);
  const atEnd = cutAt('end');
  const distinct = (cuts: Map<string, string>) => new Set(cuts.values()).size;
  const apartAtEnd = distinct(atEnd);
  const numbered = [...atEnd.keys()].filter((t) => /\d\S*$/.test(t.trim())).length;
  if (apartAtEnd === atEnd.size || numbered * 2 < atEnd.size) return atEnd;
  const inMiddle = cutAt('middle');
  // A middle cut that keeps under four letters of a start ("IM…00", "i-S…dw") tells no more than the end's.
  const headsRead = [...inMiddle.entries()].every(
    ([t, cut]) => cut === t || (cut.split('…')[0] ?? '').length >= 4,
  );
  return headsRead && distinct(inMiddle) > apartAtEnd ? inMiddle : atEnd;
}

/** The estimate where no canvas measures (unit tests): `estimatedPx` scaled to the font, headers 6 % wider. */
export const estimatedMeasure =
  (fontPx: number): Measure =>
  (text, bold = false) =>
    (estimatedPx(text) * fontPx * (bold ? 1.06 : 1)) / LABEL_FONT_PX;

/**
 * Measures text in the table's own font (its computed style) with a canvas; the estimate where there is none.
 * Cached per text.
 */
export function fontMeasure(font: { readonly family: string; readonly sizePx: number }): Measure {
  const estimate = estimatedMeasure(font.sizePx);
  let context: OffscreenCanvasRenderingContext2D | null = null;
  try {
    if (typeof OffscreenCanvas === 'function') context = new OffscreenCanvas(1, 1).getContext('2d');
  } catch {
    context = null;
  }
  if (context) {
    context.font = `${font.sizePx}px ${font.family}`;
    if (!(context.measureText('M').width > 0)) context = null;
  }
  const cache = new Map<string, number>();
  return (text, bold = false) => {
    const key = `${bold ? 'b' : 'r'}${text}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let px: number;
    if (context) {
      context.font = `${bold ? 600 : 400} ${font.sizePx}px ${font.family}`;
      px = context.measureText(text).width;
    } else px = estimate(text, bold);
    if (cache.size > 20_000) cache.clear();
    cache.set(key, px);
    return px;
  };
}
