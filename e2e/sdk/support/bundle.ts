/**
 * Bundles the fixture pages' TypeScript entries for the browser with esbuild's JS API, once per process:
 * the SDK packages resolve to their sources through the workspace links, so a test always runs the code
 * of the working tree without a build step.
 */
import path from 'node:path';
import { build } from 'esbuild';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** The pages a test server can serve, by the name of their entry in `e2e/sdk/fixtures/`. */
export const ENTRIES = ['host', 'frame', 'attacker', 'pbi-host'] as const;
export type Entry = (typeof ENTRIES)[number];

const cache = new Map<Entry, Promise<string>>();

async function bundle(entry: Entry): Promise<string> {
  const result = await build({
    entryPoints: [path.join(fixtures, `${entry}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    sourcemap: 'inline',
    logLevel: 'silent',
    // powerbi-client's UMD build reads `self`; nothing else needs a define.
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return file.text;
}

/** The browser script of a fixture page (bundled on first use, then from memory). */
export function script(entry: Entry): Promise<string> {
  let pending = cache.get(entry);
  if (!pending) {
    pending = bundle(entry);
    cache.set(entry, pending);
    pending.catch(() => cache.delete(entry));
  }
  return pending;
}
