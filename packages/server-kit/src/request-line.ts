import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** Writes one request's completion line: its id, method, URL, status and time taken in ms. */
export type RequestLineWriter = (
  reqId: string,
  method: string,
  url: string,
  statusCode: number,
  responseTime: number,
) => void;

const { asJsonSym, timeSym, streamSym, mixinSym, hooksSym, formattersSym, serializersSym } = pino.symbols;
const FIELDS = ['reqId', 'method', 'url', 'statusCode', 'responseTime'] as const;
// Values no real line holds, to find where pino puts each field; the numbers are printed as they are.
const TIME = '\u2063time\u2063';
const MARKERS = ['\u2063id\u2063', '\u2063method\u2063', '\u2063url\u2063', 1234567.25, 7654321.75] as const;

// Printable ASCII but `"` and `\`: what JSON writes as it is between quotes. Testing for it is a fraction of the
// cost of JSON.stringify, and request ids, methods and most URLs are made of nothing else.
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (value: string): string => (VERBATIM.test(value) ? `"${value}"` : JSON.stringify(value));

type PinoInternals = Record<symbol, unknown> & {
  isLevelEnabled?: (level: string) => boolean;
  levels?: { values?: Record<string, number> };
  msgPrefix?: unknown;
};

/**
 * For a pino logger, a function that writes what `logger[level]({ reqId, method, url, statusCode, responseTime },
 * message)` writes (level info unless said), at a fraction of the cost: the line is the logger's own output for
 * marker values, asked of pino once (`pino.symbols.asJsonSym`: its level, time, bindings, key order and message
 * key), then filled in per request (strings as `JSON.stringify` writes them, printable ASCII as it is; numbers as
 * JavaScript prints them; the time from the logger's own clock) and handed to the logger's stream. The same bytes
 * as pino's, except that a lone surrogate is escaped (`\ud800`) where pino writes it raw. A general pino line
 * (`LOG`, `write`, `asJson` walking the object, escaping key by key) costs several times more, and the portal
 * writes one per request.
 *
 * undefined for a logger whose lines could depend on more than that: not pino, a mixin, log-method or stream-write
 * hooks, a log formatter, serializers of those fields, a message prefix, a message with format characters.
 *
 * ```ts
 * const write = requestLineWriter(app.log, 'request completed');
 * write?.(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
 * ```
 */
export function requestLineWriter(
  logger: FastifyBaseLogger,
  message: string,
  level: 'debug' | 'info' = 'info',
): RequestLineWriter | undefined {
  const internals = logger as unknown as PinoInternals;
  const asJson = internals[asJsonSym];
  const time = internals[timeSym];
  const stream = internals[streamSym] as { write?: (line: string) => unknown } | undefined;
  const hooks = internals[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const formatters = internals[formattersSym] as { log?: unknown } | undefined;
  const serializers = (internals[serializersSym] ?? {}) as Record<string, unknown>;
  const value = internals.levels?.values?.[level];
  const isLevelEnabled = internals.isLevelEnabled;
  if (
    value === undefined ||
    isLevelEnabled === undefined ||
    typeof asJson !== 'function' ||
    typeof time !== 'function' ||
    typeof stream?.write !== 'function' ||
    internals[mixinSym] ||
    hooks?.logMethod ||
    hooks?.streamWrite ||
    formatters?.log ||
    typeof internals.msgPrefix === 'string' ||
    message.includes('%') ||
    FIELDS.some((field) => serializers[field] !== undefined)
  ) {
    return undefined;
  }
  const sample = Object.fromEntries(FIELDS.map((field, i) => [field, MARKERS[i]]));
  const line = String(asJson.call(logger, sample, message, value, TIME));
  const parts: string[] = [];
  let rest = line;
  for (const marker of [TIME, ...MARKERS.map((value) => JSON.stringify(value))]) {
    const at = rest.indexOf(marker);
    if (at < 0 || rest.indexOf(marker, at + 1) >= 0) return undefined;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  const [p0, p1, p2, p3, p4, p5] = parts as [string, string, string, string, string, string];
  const p6 = rest;
  const write = stream.write.bind(stream);
  const clock = (time as () => string).bind(logger);
  const enabled = isLevelEnabled.bind(logger, level);
  return (reqId, method, url, statusCode, responseTime) => {
    if (!enabled()) return;
    write(
      p0 +
        clock() +
        p1 +
        quoted(reqId) +
        p2 +
        quoted(method) +
        p3 +
        quoted(url) +
        p4 +
        String(Number.isFinite(statusCode) ? statusCode : null) +
        p5 +
        String(Number.isFinite(responseTime) ? responseTime : null) +
        p6,
    );
  };
}
