/**
 * Typed, validated configuration from environment variables, read once at start-up.
 *
 * ```ts
 * const config = readConfig(process.env, { PORT: port(4400), DEBUG: bool(false) });
 * config.PORT; // number
 * ```
 * Every variable is parsed; all problems are collected and thrown together as a ConfigError whose
 * message names each bad variable, so a launcher can print it and exit.
 */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses one variable's raw value (undefined when unset or empty); throws an Error whose message says why. */
export type Reader<T> = ((raw: string | undefined) => T) & { readonly secret?: boolean };

type Env = Record<string, string | undefined>;
type Parsed<S extends Record<string, Reader<unknown>>> = { readonly [K in keyof S]: ReturnType<S[K]> };

export function readConfig<S extends Record<string, Reader<unknown>>>(env: Env, schema: S): Parsed<S> {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(schema)) {
    const raw = env[name];
    try {
      out[name] = read(raw === undefined || raw.trim() === '' ? undefined : raw.trim());
    } catch (error) {
      const shown = read.secret === true ? 'value not shown' : `got ${JSON.stringify(raw)}`;
      problems.push(`${name}: ${(error as Error).message} (${shown})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out as Parsed<S>;
}

/** The same reader, but a bad value is never echoed in the error (passwords in connection strings). */
export function secret<T>(reader: Reader<T>): Reader<T> {
  return Object.assign((raw: string | undefined) => reader(raw), { secret: true });
}

export function str(fallback: string): Reader<string> {
  return (raw) => raw ?? fallback;
}

export function optionalStr(): Reader<string | undefined> {
  return (raw) => raw;
}

export function oneOf<const T extends string>(values: readonly T[], fallback: T): Reader<T> {
  return (raw) => {
    if (raw === undefined) return fallback;
    if (!(values as readonly string[]).includes(raw)) throw new Error(`must be one of ${values.join(', ')}`);
    return raw as T;
  };
}

export function bool(fallback: boolean): Reader<boolean> {
  return (raw) => {
    if (raw === undefined) return fallback;
    const v = raw.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw new Error('must be true or false');
  };
}

export function int(fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): Reader<number> {
  return (raw) => {
    if (raw === undefined) return fallback;
    if (!/^-?\d+$/.test(raw)) throw new Error('must be a whole number');
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}`);
    return n;
  };
}

export function port(fallback: number): Reader<number> {
  return int(fallback, { min: 0, max: 65535 });
}

/** An absolute http(s) URL, returned without a trailing slash. */
export function url(fallback: string | undefined): Reader<string> {
  return (raw) => {
    const value = raw ?? fallback;
    if (value === undefined) throw new Error('is required');
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error('must be an absolute URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error('must be an http(s) URL');
    return value.replace(/\/+$/, '');
  };
}

/** A comma-separated list; each item checked by `item`. */
export function list<T>(fallback: readonly T[], item: (value: string) => T): Reader<readonly T[]> {
  return (raw) => {
    if (raw === undefined) return fallback;
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(item);
  };
}

/** A JSON array of strings. */
export function stringArray(fallback: readonly string[]): Reader<readonly string[]> {
  return (raw) => {
    if (raw === undefined) return fallback;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error('must be a JSON array of strings');
    }
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      throw new Error('must be a JSON array of strings');
    }
    return value;
  };
}
