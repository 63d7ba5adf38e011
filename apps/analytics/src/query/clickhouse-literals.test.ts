import { describe, expect, it } from 'vitest';
import {
  booleanLiteral,
  clickHouseLiteral,
  dateLiteral,
  numberLiteral,
  stringLiteral,
  timestamp64Literal,
  timestampLiteral,
} from './clickhouse-literals.ts';

/** Reads a string literal back as ClickHouse's lexer does (quote, backslash escapes), or throws if malformed. */
function readBack(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] ?? '';
    if (char === "'") throw new Error(`an unescaped quote at ${i} ends the literal early: ${literal}`);
    if (char !== '\\') {
      out += char;
      continue;
    }
    i += 1;
    const next = body[i];
    const simple: Record<string, string> = {
      '\\': '\\',
      "'": "'",
      '0': '\0',
      b: '\b',
      f: '\f',
      n: '\n',
      r: '\r',
      t: '\t',
    };
    if (next === 'x') {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next !== undefined && simple[next] !== undefined) out += simple[next];
    else throw new Error(`a dangling or unknown escape at ${i}: ${literal}`);
  }
  return out;
}

const ATTEMPTS = [
  "'; DROP TABLE devices; --",
  "x' OR '1'='1",
  "\\'; DROP TABLE devices; --",
  '\\',
  '\\\\',
  "'",
  "''",
  "\\'",
  'a\0b',
  '\0',
  'line\nbreak',
  'cr\rlf\n',
  'tab\there',
  '/* comment */',
  '-- comment',
  '# hash comment',
  '`backtick`',
  '"double"',
  '${x}',
  '?',
  '$1',
  '{name:String}',
  'unicode: Ärger 日本語 🖨️',
  '\u202Eevil',
  '\u0007\u001b[31m\u007f',
  '',
  ' ',
  "'); SELECT * FROM system.users; --",
];

describe('stringLiteral', () => {
  it.each(ATTEMPTS)('writes %j so that it reads back as itself, inside one pair of quotes', (text) => {
    const literal = stringLiteral(text);
    expect(readBack(literal)).toBe(text);
  });

  it('writes every literal on one line with no raw control character', () => {
    for (const text of ATTEMPTS) {
      // eslint-disable-next-line no-control-regex
      expect(stringLiteral(text)).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
  });

  it('escapes a quote and a backslash with a backslash', () => {
    expect(stringLiteral("O'Brien\\")).toBe("'O\\'Brien\\\\'");
  });

  it('keeps every code point of every plane, the supplementary ones included', () => {
    const points = Array.from({ length: 2000 }, (_v, i) => i * 557 + 32).filter(
      (p) => p < 0xd800 || p > 0xdfff,
    );
    const text = points.map((p) => String.fromCodePoint(p)).join('');
    expect(readBack(stringLiteral(text))).toBe(text);
  });

  it('refuses lone surrogates and non-strings', () => {
    expect(() => stringLiteral('a\uD800b')).toThrow(RangeError);
    expect(() => stringLiteral('\uDC00')).toThrow(RangeError);
    expect(() => stringLiteral(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('numberLiteral', () => {
  it('writes finite numbers in their round-trip form, negatives in parentheses', () => {
    expect(numberLiteral(42)).toBe('42');
    expect(numberLiteral(1.5e-7)).toBe('1.5e-7');
    expect(numberLiteral(-3)).toBe('(-3)');
    expect(numberLiteral(-0)).toBe('0');
    expect(Number(numberLiteral(0.1 + 0.2))).toBe(0.1 + 0.2);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %s', (value) => {
    expect(() => numberLiteral(value)).toThrow(RangeError);
  });

  it('refuses numbers given as text', () => {
    expect(() => numberLiteral('1; DROP' as unknown as number)).toThrow(RangeError);
  });
});

describe('dateLiteral and timestampLiteral', () => {
  it('writes real days only (ClickHouse would read 30 February as 1 March)', () => {
    expect(dateLiteral('2024-02-29')).toBe("toDate('2024-02-29')");
    for (const bad of ['2023-02-29', '2024-02-30', '2024-13-01', "2024-01-01'); DROP", '2024-1-1', '']) {
      expect(() => dateLiteral(bad)).toThrow(RangeError);
    }
  });

  it('clamps days outside the Date type to its ends', () => {
    expect(dateLiteral('0001-01-01')).toBe("toDate('1970-01-01')");
    expect(dateLiteral('9999-12-31')).toBe("toDate('2105-12-31')");
  });

  it('writes UTC timestamps in whole seconds, rounding a fraction up', () => {
    expect(timestampLiteral('2024-06-30 10:00:00')).toBe("toDateTime('2024-06-30 10:00:00', 'UTC')");
    expect(timestampLiteral('2024-06-30 10:00:00.000')).toBe("toDateTime('2024-06-30 10:00:00', 'UTC')");
    expect(timestampLiteral('2024-06-30 23:59:59.001')).toBe("toDateTime('2024-07-01 00:00:00', 'UTC')");
  });

  it('writes UTC timestamps in milliseconds for DateTime64, rounding a finer fraction up', () => {
    expect(timestamp64Literal('2024-06-30 10:00:00')).toBe(
      "toDateTime64('2024-06-30 10:00:00.000', 3, 'UTC')",
    );
    expect(timestamp64Literal('2024-06-30 10:00:00.25')).toBe(
      "toDateTime64('2024-06-30 10:00:00.250', 3, 'UTC')",
    );
    expect(timestamp64Literal('2024-06-30 10:00:00.123')).toBe(
      "toDateTime64('2024-06-30 10:00:00.123', 3, 'UTC')",
    );
    expect(timestamp64Literal('2024-06-30 23:59:59.999001')).toBe(
      "toDateTime64('2024-07-01 00:00:00.000', 3, 'UTC')",
    );
    expect(timestamp64Literal('1969-12-31 23:59:59.5')).toBe(
      "toDateTime64('1970-01-01 00:00:00.000', 3, 'UTC')",
    );
    expect(clickHouseLiteral({ value: '2024-06-30 10:00:00.5', cast: 'TIMESTAMP' }, true)).toBe(
      "toDateTime64('2024-06-30 10:00:00.500', 3, 'UTC')",
    );
    expect(clickHouseLiteral({ value: '2024-06-30 10:00:00.5', cast: 'TIMESTAMP' })).toBe(
      "toDateTime('2024-06-30 10:00:01', 'UTC')",
    );
    for (const bad of [
      "2024-06-30 10:00:00.5') OR 1=1 --",
      '2024-02-30 10:00:00.1',
      '2024-06-30 24:00:00.000',
    ]) {
      expect(() => timestamp64Literal(bad)).toThrow(RangeError);
    }
  });

  it('refuses malformed timestamps', () => {
    for (const bad of [
      '2024-06-30T10:00:00Z',
      '2024-06-30 24:00:00',
      '2024-06-30 10:60:00',
      "2024-06-30 10:00:00'",
      '',
    ]) {
      expect(() => timestampLiteral(bad)).toThrow(RangeError);
    }
  });
});

describe('clickHouseLiteral', () => {
  it('writes each type of value', () => {
    expect(clickHouseLiteral({ value: null })).toBe('NULL');
    expect(clickHouseLiteral({ value: true })).toBe('1');
    expect(clickHouseLiteral({ value: false })).toBe('0');
    expect(booleanLiteral(true)).toBe('1');
    expect(clickHouseLiteral({ value: 'x' })).toBe("'x'");
    expect(clickHouseLiteral({ value: 7 })).toBe('7');
    expect(clickHouseLiteral({ value: '2024-06-30', cast: 'DATE' })).toBe("toDate('2024-06-30')");
    expect(clickHouseLiteral({ value: '2024-06-30 01:02:03', cast: 'TIMESTAMP' })).toBe(
      "toDateTime('2024-06-30 01:02:03', 'UTC')",
    );
    expect(clickHouseLiteral({ value: ['a', "b'"] })).toBe("['a', 'b\\'']");
    expect(clickHouseLiteral({ value: [1, -2] })).toBe('[1, (-2)]');
  });

  it('refuses values of the wrong shape for their type', () => {
    expect(() => clickHouseLiteral({ value: 5, cast: 'DATE' })).toThrow(TypeError);
    expect(() => clickHouseLiteral({ value: true, cast: 'TIMESTAMP' })).toThrow(TypeError);
    expect(() => clickHouseLiteral({ value: [{}] as unknown as string[] })).toThrow(TypeError);
    expect(() => clickHouseLiteral({ value: {} as unknown as string })).toThrow(TypeError);
    expect(() => clickHouseLiteral({ value: Number.NaN })).toThrow(RangeError);
  });
});
