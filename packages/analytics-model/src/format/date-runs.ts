/**
 * Date format strings read as the language reads a date, not token by token. A format such as `ddd d MMM` read token
 * by token in Japanese gives "月 24 11" (a weekday, a day, a month number written in English order) where a Japanese
 * reader expects "11月24日(月)"; German wants "Mo., 24. Nov." and Spanish "lun, 24 nov". So outside English, each run
 * of a format's day, month, weekday and year placeholders, with the spaces and punctuation between them, is handed to
 * `Intl.DateTimeFormat` as the parts it names (`d` a numeric day, `dd` two digits, `ddd` a short weekday, `MMM` a
 * short month, `yyyy` the year, `h`/`tt` a 12-hour clock…), which writes them in the language's order and with its
 * punctuation. Text the author quoted or escaped (`"week of" d MMM`) stays where it stands, between runs. A run of
 * clock or year placeholders alone (`HH:mm`, `yyyy`) reads the same in every language and is written token by token.
 *
 * A format with other unquoted characters between its placeholders (`yyyy年M月d日`, `d "de" MMMM`) spells its own
 * order out: it is read token by token, as written. English reads every format as written.
 */
import type { DateParts } from './date.ts';
import { dateTimeFormat, formatDateSection } from './date.ts';
import { languageOf, YEAR_WORD } from './date-shapes.ts';
import { splitSections } from './tokens.ts';

/** A piece of a date format: a placeholder run (`MMM`), a separator (` ` `,` `.` `-` `/` `:`) or written text. */
interface Piece {
  readonly kind: 'placeholder' | 'separator' | 'text';
  /** The piece as the format string has it (quotes and escapes included), so pieces join back into a format. */
  readonly raw: string;
}

const PIECE = /"[^"]*"?|\\.|([yMdHhmstf])\1*|[\s,./:-]|./gsu;

/** A date format section cut into its placeholder runs, separators and written text. */
export function datePieces(section: string): Piece[] {
  const pieces: Piece[] = [];
  for (const match of section.matchAll(PIECE)) {
    const raw = match[0];
    const kind = match[1] !== undefined ? 'placeholder' : /^[\s,./:-]$/u.test(raw) ? 'separator' : 'text';
    pieces.push({ kind, raw });
  }
  return pieces;
}

/** Text the author quoted or escaped, which may stand between runs; anything else unquoted is an order spelled out. */
const isQuoted = (piece: Piece): boolean => piece.raw.startsWith('"') || piece.raw.startsWith('\\');

/** `Intl.DateTimeFormat` options of a run's placeholders; undefined for a placeholder Intl has no part for. */
function runOptions(placeholders: readonly string[]): Intl.DateTimeFormatOptions | undefined {
  const options: Intl.DateTimeFormatOptions = {};
  for (const p of placeholders) {
    const n = p.length;
    switch (p[0]) {
      case 'y':
        options.year = n <= 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
        options.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : n === 3 ? 'short' : 'long';
        break;
      case 'd':
        if (n <= 2) options.day = n === 1 ? 'numeric' : '2-digit';
        else options.weekday = n === 3 ? 'short' : 'long';
        break;
      case 'H':
        options.hour = n === 1 ? 'numeric' : '2-digit';
        options.hourCycle = 'h23';
        break;
      case 'h':
        options.hour = n === 1 ? 'numeric' : '2-digit';
        options.hour12 = true;
        break;
      case 't':
        options.hour12 = true;
        break;
      case 'm':
        options.minute = '2-digit';
        break;
      case 's':
        options.second = '2-digit';
        break;
      default:
        // `f` (fractions of a second): no Intl part.
        return undefined;
    }
  }
  if (options.hour12 && options.hour === undefined) return undefined;
  return options;
}

/** A run the language writes its own way: one with a day, a month, a weekday or a day period. */
const needsLanguage = (placeholders: readonly string[]): boolean =>
  placeholders.some((p) => p[0] === 'd' || p[0] === 'M' || p[0] === 't');

/**
 * A date in `section` as the language of `locale` writes its runs (see the module's comment); undefined in English
 * and for a format that spells its own order out, which are read token by token.
 *
 * @example naturalDate(dateParts('2024-11-25')!, 'ddd d MMM', 'ja') // → '11月25日(月)'
 * @example naturalDate(dateParts('2024-11-25')!, 'ddd d MMM', 'de') // → 'Mo., 25. Nov.'
 * @example naturalDate(dateParts('2024-11-25')!, '"week of" d MMM', 'fr') // → 'week of 25 nov.'
 */
export function naturalDate(parts: DateParts, section: string, locale: string): string | undefined {
  if (languageOf(locale) === 'en') return undefined;
  const pieces = datePieces(section);
  if (pieces.some((p) => p.kind === 'text' && !isQuoted(p))) return undefined;
  const date = new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
  let out = '';
  let changed = false;
  for (let i = 0; i < pieces.length;) {
    const piece = pieces[i];
    if (!piece) break;
    if (piece.kind === 'text') {
      out += formatDateSection(parts, piece.raw, locale);
      i++;
      continue;
    }
    // A run: placeholders and the separators between them; separators before its first placeholder and after its
    // last stay outside it, as written.
    let end = i;
    while (end < pieces.length && pieces[end]?.kind !== 'text') end++;
    const run = pieces.slice(i, end);
    const first = run.findIndex((p) => p.kind === 'placeholder');
    const last = run.length - 1 - [...run].reverse().findIndex((p) => p.kind === 'placeholder');
    const placeholders = run.filter((p) => p.kind === 'placeholder').map((p) => p.raw);
    const options = first < 0 ? undefined : runOptions(placeholders);
    if (first < 0 || !options || !needsLanguage(placeholders)) {
      out += formatDateSection(parts, run.map((p) => p.raw).join(''), locale);
    } else {
      const outside = (from: number, to: number) =>
        run
          .slice(from, to)
          .map((p) => p.raw)
          .join('');
      out += outside(0, first);
      out += dateTimeFormat(locale, options).format(date).replace(YEAR_WORD, '');
      out += outside(last + 1, run.length);
      changed = true;
    }
    i = end;
  }
  return changed ? out : undefined;
}

/**
 * The format without its year, for an axis too narrow for whole dates (`d MMM yyyy` → `d MMM`, `MMM d, yyyy` →
 * `MMM d`, `yyyy-MM-dd` → `MM-dd`, `MMM yyyy` → `MMM`): the separators that joined the year go with it. Undefined
 * when the format has no year or nothing of a day or month would be left.
 *
 * @example yearlessFormat('d MMM yyyy') // → 'd MMM'
 * @example yearlessFormat('yyyy') // → undefined
 */
export function yearlessFormat(format: string): string | undefined {
  const pieces = datePieces(splitSections(format)[0] ?? '');
  const year = pieces.findIndex((p) => p.kind === 'placeholder' && p.raw.startsWith('y'));
  if (year < 0) return undefined;
  if (pieces.filter((p) => p.kind === 'placeholder' && p.raw.startsWith('y')).length > 1) return undefined;
  // The separators on the side of the year that has no placeholder beyond them, else those after it.
  let from = year;
  let to = year + 1;
  const before = pieces.slice(0, year);
  if (before.some((p) => p.kind === 'placeholder')) {
    while (from > 0 && pieces[from - 1]?.kind === 'separator') from--;
  } else {
    while (to < pieces.length && pieces[to]?.kind === 'separator') to++;
  }
  const rest = [...pieces.slice(0, from), ...pieces.slice(to)];
  if (!rest.some((p) => p.kind === 'placeholder' && /^[dM]/.test(p.raw))) return undefined;
  return rest.map((p) => p.raw).join('');
}
