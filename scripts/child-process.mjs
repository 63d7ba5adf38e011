// One server process of the stack: started with its output prefixed by its name, and polled until healthy.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatLogLine } from './log-lines.mjs';
import { root } from './stack.mjs';

const EXIT_WITH_PARENT = path.join(root, 'scripts/exit-with-parent.mjs');

/**
 * `node [nodeFlags] --import tsx <entry>`, and a watch that stops the server if the launcher is gone
 * (exit-with-parent.mjs).
 */
export const nodeWithTsx = (entry, nodeFlags = []) => [
  process.execPath,
  [...nodeFlags, '--import', 'tsx', '--import', EXIT_WITH_PARENT, entry],
];

/**
 * Starts `command args` with each output line prefixed by `[name]` and pino's JSON made readable; returns the child.
 * `show(line)` may hold a raw line back (return false), e.g. to print it later in the start summary.
 */
export function startChild({ name, command, args, env, show = () => true }) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const print = (line) => {
    if (show(line)) process.stdout.write(prefix + formatLogLine(line) + '\n');
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) print(line);
    });
    stream.on('end', () => {
      if (pending) print(pending);
    });
  }
  child.name = name;
  return child;
}

/** Polls `url` until it answers 2xx; rejects after `timeoutMs`. */
export async function waitForHealthy(name, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000} s`);
}
