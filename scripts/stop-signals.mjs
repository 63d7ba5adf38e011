// When the launcher stops: on any signal that ends a terminal session or a service manager's unit, and when the
// process that started it (npm, a shell, a test) is gone.

/** The signals that stop the stack: Ctrl+C, `kill`, a closed terminal, Ctrl+\. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

/**
 * Calls `stop(0)` on any of STOP_SIGNALS, and when the launcher's parent exits (the launcher is then re-parented,
 * so `process.ppid` changes). `npm start` runs the launcher under `sh -c`; npm, when sent SIGTERM, exits and leaves
 * its script's process running, which the parent watch catches within `pollMs`.
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
