// How the launcher shows its children's output: pino's JSON lines as short readable ones.

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** A pino JSON line as an object, or undefined for any other line. */
export function parseLogLine(line) {
  if (!line.startsWith('{')) return undefined;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  return typeof entry.level === 'number' && typeof entry.msg === 'string' ? entry : undefined;
}

/** Turns a pino JSON line into `12:00:01 info  message key=value`; any other line passes through unchanged. */
export function formatLogLine(line) {
  const entry = parseLogLine(line);
  if (entry === undefined) return line;
  const { level, time, msg, pid: _pid, hostname: _host, req, res, responseTime, err, ...rest } = entry;
  let text = msg;
  if (req) text = `${req.method} ${req.url}`;
  else if (res) text = `${res.statusCode} in ${Math.round(responseTime ?? 0)} ms`;
  const extras = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const clock = new Date(time ?? Date.now()).toTimeString().slice(0, 8);
  const error = err?.stack ? `\n${err.stack}` : '';
  return `${clock} ${(LEVELS[level] ?? level).padEnd(5)} ${text}${extras ? `  ${extras}` : ''}${error}`;
}
