/**
 * Bundles the fixture pages' TypeScript entries for the browser with esbuild's JS API, once per process:
 * the SDK packages resolve to their sources through the workspace links, so a test always runs the code
 * of the working tree without a build step.
 */
import path from 'node:path';
import { build } from 'esbuild';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** The pages a test server can serve, by the name of their entry in `e2e/sdk/fixtures/`. */
export const ENTRIES = ['host', 'frame', 'attacker', 'react-host'] as const;
export type Entry = (typeof ENTRIES)[number];

const cache = new Map<string, Promise<string>>();

async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    sourcemap: 'inline',
    // React's entry points pick their build by NODE_ENV, which a browser has no `process` for.
    define: { 'process.env.NODE_ENV': '"development"' },
    // The React host page's name for the wrapper (see fixtures/embed-react.d.ts).
    alias: { 'portico-embed-react-under-test': '@portico/embed-react' },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${file}`);
  return output.text;
}

/** The browser script bundled from a TypeScript entry file (on first use, then from memory). */
export function bundleFile(file: string): Promise<string> {
  let pending = cache.get(file);
  if (!pending) {
    pending = bundle(file);
    cache.set(file, pending);
    pending.catch(() => cache.delete(file));
  }
  return pending;
}

/** The browser script of a fixture page of `e2e/sdk/fixtures/`. */
export const script = (entry: Entry): Promise<string> => bundleFile(path.join(fixtures, `${entry}.ts`));
