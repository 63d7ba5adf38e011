/**
 * A number in one section of a numeric format string, with Excel's and Power BI's meaning: `0` a digit always shown,
 * `#` a digit shown when significant, `.` the decimal separator, `,` between digits grouping (thousands) and right
 * of the last digit a division by 1,000, `%` a multiplication by 100 (the sign stays where it is written), `E+0`
 * / `E-0` scientific notation; everything else (quoted, escaped, `$`, spaces, brackets) is literal. Separators and
 * digits are the locale's, through `Intl.NumberFormat`.
 */
import type { Token } from './tokens.ts';
import { tokenize } from './tokens.ts';

const NUMBER_PLACEHOLDERS: ReadonlySet<string> = new Set(['0', '#', ',', '.', '%', '‰', 'E', 'e']);

const formats = new Map<string, Intl.NumberFormat>();

/** One cached `Intl.NumberFormat` per locale and option set (making one costs far more than using it). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

interface NumberSection {
  readonly before: string;
  readonly after: string;
  readonly minInteger: number;
  readonly minFraction: number;
  readonly maxFraction: number;
  readonly grouping: boolean;
  /** Powers of ten the value is multiplied by: 2 per `%`, 3 per `‰`, -3 per scaling comma. */
  readonly scale: number;
  readonly exponent?: { readonly sign: boolean; readonly digits: number };
}

/** True when the section has a digit placeholder, so a number goes into it. */
export function isNumberSection(section: string): boolean {
  return tokenize(section, NUMBER_PLACEHOLDERS).some(
    (t) => t.kind === 'char' && (t.text === '0' || t.text === '#'),
  );
}

/**
 * True when the section is a number multiplied by 100 with a percent sign (`0.0%`); a quoted `"%"` or an escaped `\%`
 * is literal text, written after a number that is already a percent.
 */
export function isPercentSection(section: string): boolean {
  const tokens = tokenize(section, NUMBER_PLACEHOLDERS);
  return isNumberSection(section) && tokens.some((t) => t.kind === 'char' && t.text === '%');
}

/** A token written back as format text: a placeholder as its character, literal text quoted (or escaped, holding a quote). */
const tokenText = (t: Token): string => {
  if (t.kind === 'char') return t.text;
  return t.text.includes('"') ? [...t.text].map((c) => `\\${c}`).join('') : `"${t.text}"`;
};

/**
 * The section without its decimals: the `.` and the digit placeholders after it dropped, everything else (quoted and
 * escaped text included) as it was.
 *
 * @example withoutFraction('0.0%') // → '0%'
 * @example withoutFraction('#,0.00 "pts."') // → '#,0" pts."'
 */
export function withoutFraction(section: string): string {
  const tokens = tokenize(section, NUMBER_PLACEHOLDERS);
  const point = tokens.findIndex((t) => t.kind === 'char' && t.text === '.');
  if (point < 0) return tokens.map(tokenText).join('');
  let end = point + 1;
  while (tokens[end]?.kind === 'char' && (tokens[end]?.text === '0' || tokens[end]?.text === '#')) end += 1;
  return [...tokens.slice(0, point), ...tokens.slice(end)].map(tokenText).join('');
}

function parse(section: string): NumberSection {
  const tokens: Token[] = tokenize(section, NUMBER_PLACEHOLDERS);
  const isDigit = (t: Token | undefined) => t?.kind === 'char' && (t.text === '0' || t.text === '#');
  const first = tokens.findIndex(isDigit);
  let last = first;
  for (let i = first; i < tokens.length; i++) {
    const t = tokens[i];
    if (isDigit(t) || (t?.kind === 'char' && (t.text === ',' || t.text === '.'))) {
      if (isDigit(t) || t?.text === '.') last = i;
      else if (tokens.slice(i + 1).some(isDigit)) last = i;
    } else if (t?.kind === 'char' && (t.text === 'E' || t.text === 'e')) break;
    else if (t?.kind === 'literal' && tokens.slice(i + 1).some(isDigit)) {
      // A literal between digits (rare: phone numbers) is not supported; the digits left of it are the number.
      break;
    }
  }
  const core = tokens.slice(first, last + 1);
  let scale = 0;
  const text = (from: Token[]) =>
    from
      .map((t) => {
        if (t.kind === 'literal') return t.text;
        if (t.text === '%') {
          scale += 2;
          return '%';
        }
        if (t.text === '‰') {
          scale += 3;
          return '‰';
        }
        return t.text;
      })
      .join('');
  const before = text(tokens.slice(0, first));
  let rest = tokens.slice(last + 1);
  // Commas right after the last digit placeholder divide by 1,000 each.
  while (rest[0]?.kind === 'char' && rest[0].text === ',') {
    scale -= 3;
    rest = rest.slice(1);
  }
  let exponent: NumberSection['exponent'];
  const e = rest[0];
  if (e?.kind === 'char' && (e.text === 'E' || e.text === 'e')) {
    const sign = rest[1]?.kind === 'literal' && rest[1].text.startsWith('+');
    let digits = 0;
    let i = 2;
    while (isDigit(rest[i])) {
      digits++;
      i++;
    }
    exponent = { sign, digits: Math.max(1, digits) };
    rest = rest.slice(i);
  }
  const after = text(rest);
  const point = core.findIndex((t) => t.text === '.');
  const integerPart = point < 0 ? core : core.slice(0, point);
  const fractionPart = point < 0 ? [] : core.slice(point + 1);
  const digitsIn = (part: Token[], char: string) =>
    part.filter((t) => t.kind === 'char' && t.text === char).length;
  return {
    before,
    after,
    minInteger: digitsIn(integerPart, '0'),
    minFraction: digitsIn(fractionPart, '0'),
    maxFraction: digitsIn(fractionPart, '0') + digitsIn(fractionPart, '#'),
    grouping: integerPart.some((t) => t.text === ','),
    scale,
    ...(exponent ? { exponent } : {}),
  };
}

const parsed = new Map<string, NumberSection>();

/**
 * The absolute value of `value` in the section (the caller writes the sign or picks the negative section).
 *
 * @example formatNumberSection(1234.5, '#,0.00', 'de') // → '1.234,50'
 */
export function formatNumberSection(value: number, section: string, locale: string): string {
  let spec = parsed.get(section);
  if (!spec) {
    spec = parse(section);
    parsed.set(section, spec);
  }
  let magnitude = Math.abs(value) * 10 ** spec.scale;
  let exponentText = '';
  if (spec.exponent) {
    const power = magnitude === 0 ? 0 : Math.floor(Math.log10(magnitude)) - Math.max(0, spec.minInteger - 1);
    magnitude /= 10 ** power;
    const sign = power < 0 ? '-' : spec.exponent.sign ? '+' : '';
    exponentText = `E${sign}${String(Math.abs(power)).padStart(spec.exponent.digits, '0')}`;
  }
  let digits = numberFormat(locale, {
    minimumIntegerDigits: Math.max(1, spec.minInteger),
    minimumFractionDigits: spec.minFraction,
    maximumFractionDigits: spec.maxFraction,
    useGrouping: spec.grouping,
  }).format(magnitude);
  // `#.##` writes no zero before the decimal separator (0.5 → .5), and `#` alone writes nothing for zero.
  if (spec.minInteger === 0 && /^0(?!\d)/.test(digits)) digits = digits.slice(1);
  return `${spec.before}${digits}${exponentText}${spec.after}`;
}

/** True when `value` would be written as zero by the section (so no minus sign goes before it). */
export function roundsToZero(value: number, section: string): boolean {
  const spec = parsed.get(section) ?? parse(section);
  if (spec.exponent) return value === 0;
  return Math.round(Math.abs(value) * 10 ** (spec.scale + spec.maxFraction)) === 0;
}
