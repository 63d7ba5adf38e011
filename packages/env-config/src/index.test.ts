import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  bool,
  int,
  list,
  oneOf,
  port,
  readConfig,
  secret,
  str,
  stringArray,
  url,
} from './index.ts';

describe('readConfig', () => {
  it('uses the defaults when nothing is set', () => {
    const config = readConfig({}, { A: str('x'), B: bool(true), C: port(80), D: url('http://h:1/') });
    expect(config).toEqual({ A: 'x', B: true, C: 80, D: 'http://h:1' });
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ A: '  ' }, { A: int(5) }).A).toBe(5);
  });

  it('names every bad variable in one error', () => {
    const read = () =>
      readConfig({ P: '70000', B: 'maybe', U: 'ftp://x' }, { P: port(1), B: bool(false), U: url(undefined) });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
      expect((error as Error).message).toMatch(/P: must be between 0 and 65535/);
      expect((error as Error).message).toMatch(/B: must be true or false/);
      expect((error as Error).message).toMatch(/U: must be an http\(s\) URL/);
    }
  });

  it('parses lists, choices and JSON string arrays', () => {
    const config = readConfig(
      { L: 'a, b,,c', O: 'debug', J: '["one","two"]' },
      {
        L: list([], (v) => v.toUpperCase()),
        O: oneOf(['info', 'debug'] as const, 'info'),
        J: stringArray([]),
      },
    );
    expect(config).toEqual({ L: ['A', 'B', 'C'], O: 'debug', J: ['one', 'two'] });
  });

  it('rejects a JSON value that is not an array of strings', () => {
    expect(() => readConfig({ J: '[1]' }, { J: stringArray([]) })).toThrow(
      /J: must be a JSON array of strings/,
    );
  });

  it('rejects a number with trailing text', () => {
    expect(() => readConfig({ N: '12abc' }, { N: int(0) })).toThrow(/N: must be a whole number/);
  });

  it('never echoes the value of a secret variable in its error', () => {
    const read = () =>
      readConfig(
        { DB: 'mysql://user:hunter2@db' },
        { DB: secret((raw) => (raw?.startsWith('postgres') ? raw : fail())) },
      );
    expect(read).toThrow(/DB: must be postgres \(value not shown\)/);
    expect(read).not.toThrow(/hunter2/);
  });
});

function fail(): never {
  throw new Error('must be postgres');
}
