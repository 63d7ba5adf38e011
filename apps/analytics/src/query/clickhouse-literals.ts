/**
 * Typed SQL literals for ClickHouse, which before 23.x has no server-side query parameters (18.16 refuses `param_*`
 * as an unknown setting). Every value of a request that reaches ClickHouse goes through {@link clickHouseLiteral}:
 * one function per type, each of which either writes a literal the server reads back as exactly that value or throws.
 *
 * String literals follow ClickHouse's lexer (the same in 18.16 and 26.x): inside single quotes a backslash starts an
 * escape, so backslash and quote are both escaped with a backslash; control characters (NUL, newline, tab, …) are
 * written as escapes too, so a literal is always one line of printable text. Anything else — comment markers,
 * semicolons, unicode — is plain text inside the quotes.
 */

/** A value as the query layer binds it; `cast` says which SQL type a string stands for. */
export interface LiteralValue {
  readonly value: string | number | boolean | null | readonly (string | number)[];
  readonly cast?: 'DATE' | 'TIMESTAMP' | undefined;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** Characters written as escapes: backslash, quote and every C0 control character and DEL. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\'\u0000-\u001f\u007f]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `O'Brien\` → `'O\'Brien\\'`.
 *
 * ```ts
 * stringLiteral("x'; DROP TABLE devices; --"); // 'x\'; DROP TABLE devices; --'
 * ```
 */
export function stringLiteral(text: string): string {
  if (typeof text !== 'string') throw new TypeError('a string literal needs a string');
  if (LONE_SURROGATE.test(text))
    throw new RangeError('a string literal must be well-formed unicode (no lone surrogates)');
  const body = text.replace(NEEDS_ESCAPE, (char) => {
    const known = ESCAPES[char];
    return known ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `'${body}'`;
}

/** A finite number as ClickHouse reads it back exactly (JavaScript's shortest round-trip form). */
export function numberLiteral(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${String(value)} is not a finite number`);
  }
  // -0 prints as 0; a negative number is parenthesised so that `a - -1` never becomes a comment-like `--`.
  const text = Object.is(value, -0) ? '0' : String(value);
  return value < 0 ? `(${text})` : text;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?$/;

function realDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/**
 * `2024-06-30` → `toDate('2024-06-30')`. ClickHouse reads `2024-02-30` as 1 March without complaint, so the day is
 * checked here. Its Date type holds 1970-01-01 to 2149-06-06 (2105 in 18.16); a day outside is clamped to the
 * nearest end, which only ever widens a half-open range over data that cannot lie beyond it.
 */
export function dateLiteral(text: string): string {
  if (typeof text !== 'string' || !realDate(text))
    throw new RangeError(`'${String(text)}' is not a date (YYYY-MM-DD)`);
  const clamped = text < '1970-01-01' ? '1970-01-01' : text > '2105-12-31' ? '2105-12-31' : text;
  return `toDate('${clamped}')`;
}

/** The parts of `YYYY-MM-DD HH:MM:SS[.fff…]` text, or a RangeError for anything else (a bad day or time included). */
function timestampParts(text: string): { day: string; time: string; fraction: string } {
  const match = typeof text === 'string' ? TIMESTAMP_TEXT.exec(text) : null;
  const [, day = '', hours = '', minutes = '', seconds = '', fraction = ''] = match ?? [];
  if (
    match === null ||
    !realDate(day) ||
    Number(hours) > 23 ||
    Number(minutes) > 59 ||
    Number(seconds) > 59
  ) {
    throw new RangeError(`'${String(text)}' is not a timestamp (YYYY-MM-DD HH:MM:SS[.fff])`);
  }
  return { day, time: `${hours}:${minutes}:${seconds}`, fraction };
}

/**
 * `2024-06-30 10:00:00.250` (UTC) → `toDateTime('2024-06-30 10:00:01', 'UTC')`. ClickHouse's DateTime holds whole
 * seconds, so a fraction rounds up to the next second: a half-open range `from ≤ t < to` over whole-second data keeps
 * exactly the same rows.
 */
export function timestampLiteral(text: string): string {
  const { day, time, fraction } = timestampParts(text);
  let at = Date.parse(`${day}T${time}Z`);
  if (fraction !== '' && Number(fraction.slice(1)) > 0) at += 1000;
  const clamped = Math.min(Math.max(at, 0), Date.parse('2105-12-31T23:59:59Z'));
  const whole = new Date(clamped).toISOString().slice(0, 19).replace('T', ' ');
  return `toDateTime('${whole}', 'UTC')`;
}

/**
 * `2024-06-30 10:00:00.25` (UTC) → `toDateTime64('2024-06-30 10:00:00.250', 3, 'UTC')`, for servers with DateTime64
 * (20.1 and later), where quick create's timestamps keep their milliseconds. A fraction finer than a millisecond
 * rounds up to the next one, as {@link timestampLiteral} rounds to seconds, so half-open ranges keep the same rows.
 */
export function timestamp64Literal(text: string): string {
  const { day, time, fraction } = timestampParts(text);
  const digits = fraction.slice(1).padEnd(9, '0');
  let at = Date.parse(`${day}T${time}Z`) + Number(digits.slice(0, 3));
  if (Number(digits.slice(3)) > 0) at += 1;
  const clamped = Math.min(Math.max(at, 0), Date.parse('2105-12-31T23:59:59.999Z'));
  const written = new Date(clamped).toISOString().slice(0, 23).replace('T', ' ');
  return `toDateTime64('${written}', 3, 'UTC')`;
}

/** ClickHouse 18.16 has no TRUE/FALSE keywords; booleans are UInt8 1 and 0 (still valid in 24+). */
export function booleanLiteral(value: boolean): string {
  if (typeof value !== 'boolean') throw new TypeError('a boolean literal needs a boolean');
  return value ? '1' : '0';
}

/**
 * One literal of the value's type; arrays are `[…]` of strings or numbers. Timestamps are whole-second DateTime
 * literals, or DateTime64(3) ones with `milliseconds` (servers of 20.1 and later).
 *
 * ```ts
 * clickHouseLiteral({ value: '2024-06-30', cast: 'DATE' }); // toDate('2024-06-30')
 * clickHouseLiteral({ value: ['fabrikam', "o'hare"] });      // ['fabrikam', 'o\'hare']
 * ```
 */
export function clickHouseLiteral(bound: LiteralValue, milliseconds = false): string {
  const { value, cast } = bound;
  if (value === null) return 'NULL';
  if (Array.isArray(value)) {
    return `[${value
      .map((item: unknown) => {
        if (typeof item === 'string') return stringLiteral(item);
        if (typeof item === 'number') return numberLiteral(item);
        throw new TypeError('an array literal holds only strings or numbers');
      })
      .join(', ')}]`;
  }
  if (cast === 'DATE') {
    if (typeof value !== 'string') throw new TypeError('a date literal needs YYYY-MM-DD text');
    return dateLiteral(value);
  }
  if (cast === 'TIMESTAMP') {
    if (typeof value !== 'string') throw new TypeError('a timestamp literal needs text');
    return milliseconds ? timestamp64Literal(value) : timestampLiteral(value);
  }
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'boolean') return booleanLiteral(value);
  throw new TypeError(`no ClickHouse literal for a ${typeof value}`);
}
