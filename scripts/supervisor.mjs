// Keeps the stack's servers running: one that exits after the stack started is started again after a pause that
// grows while it keeps failing, and the others go on serving; a stop ends them all.
import { startChild } from './child-process.mjs';

/** 1 s before the first restart, doubling up to 30 s; a child that ran for a minute starts again from 1 s. */
export const RESTART_POLICY = { firstDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** The pause before restarting a child that ran `ranForMs` and waited `previousDelayMs` before (none at first). */
export function restartDelay(previousDelayMs, ranForMs, policy = RESTART_POLICY) {
  if (previousDelayMs === undefined || ranForMs >= policy.resetAfterMs) return policy.firstDelayMs;
  return Math.min(previousDelayMs * 2, policy.maxDelayMs);
}

const running = (child) => child !== undefined && child.exitCode === null && child.signalCode === null;
const seconds = (ms) => `${ms / 1000} s`;
const how = (code, signal) => signal ?? `exit code ${code}`;

/**
 * Starts each spec (`startChild`'s options) and supervises them. Until `started()` is called, a child that exits
 * means the stack did not start: everything stops with exit code 1. After it, the child is restarted with
 * RESTART_POLICY's backoff and one line saying so. `stop(code)` ends every child (SIGTERM, SIGKILL after
 * `killAfterMs`), cancels pending restarts and exits the process with `code`.
 */
export function superviseChildren(
  specs,
  { policy = RESTART_POLICY, killAfterMs = 10_000, log = console.error, exit = process.exit } = {},
) {
  let started = false;
  let stopping; // the promise of the stop under way
  const supervised = specs.map((spec) => ({
    spec,
    child: undefined,
    since: 0,
    delay: undefined,
    timer: undefined,
  }));

  const launch = (entry) => {
    entry.since = Date.now();
    entry.child = startChild(entry.spec);
    entry.child.once('exit', (code, signal) => exited(entry, code, signal));
  };

  const exited = (entry, code, signal) => {
    if (stopping) return;
    const name = entry.spec.name;
    if (!started) {
      log(`\n[${name}] stopped before Portico was ready (${how(code, signal)}); stopping the rest.`);
      void stop(1);
      return;
    }
    entry.delay = restartDelay(entry.delay, Date.now() - entry.since, policy);
    log(
      `[${name}] stopped unexpectedly (${how(code, signal)}); restarting it in ${seconds(entry.delay)} while the others keep running.`,
    );
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!stopping) launch(entry);
    }, entry.delay);
  };

  const stop = (code) => (stopping ??= stopAll(code));
  const stopAll = async (code) => {
    for (const entry of supervised) clearTimeout(entry.timer);
    await Promise.all(
      supervised.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (!running(child)) return resolve();
            const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
            child.once('exit', () => {
              clearTimeout(killer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    exit(code);
  };

  for (const entry of supervised) launch(entry);
  return {
    stop,
    /** From now on a child that exits is restarted instead of stopping the stack. */
    started: () => {
      started = true;
    },
    /** The running process of each child, by name (undefined while one waits to restart). */
    processes: () =>
      Object.fromEntries(
        supervised.map(({ spec, child }) => [spec.name, running(child) ? child : undefined]),
      ),
  };
}
