/**
 * Waits until `check` holds, looking every 50 ms; throws "timed out waiting for <what>" after `withinMs` (10 s): for
 * what the service does by itself a little later (a model folder reloaded, DuckDB's threads set).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  withinMs = 10_000,
): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
