// When the launcher stops: on any signal that ends a terminal session or a service manager's unit, and when the
// process that started it (npm, a shell, a test) is gone.

/** The signals that stop the stack: Ctrl+C, `kill`, a closed terminal, Ctrl+\. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

/**
 * Calls `stop(0)` on any of STOP_SIGNALS, and when the launcher's parent exits (the launcher is then re-parented,
 * so `process.ppid` changes; checked every `pollMs`). `npm start` runs the launcher as `exec node …`, so npm's
 * shell becomes the launcher and the SIGINT and SIGTERM npm forwards to its script reach it; a signal npm does not
 * forward (SIGHUP) or cannot (SIGKILL) ends npm, which the parent watch notices.
 */
export function stopOnSignals(stop, { pollMs = 250, target = process } = {}) {
  for (const signal of STOP_SIGNALS) target.on(signal, () => void stop(0, signal));
  const parent = target.ppid;
  const watch = setInterval(() => {
    if (target.ppid !== parent) void stop(0, 'parent exited');
  }, pollMs);
  watch.unref();
  return () => clearInterval(watch);
}
