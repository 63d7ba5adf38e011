// The esbuild settings of the three builds, shared by `build.mjs` and `size.mjs` so the size check
// measures exactly what is shipped.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// From the path, not `new URL`: under Vitest's jsdom environment `URL` is jsdom's.
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The size budget of the UMD build (the whole SDK), minified and gzipped at level 9, in bytes. */
export const BUDGET = 16 * 1024;

/**
 * The UMD build's size as last measured (bytes, minified and gzipped at level 9), within `BUDGET`:
 * `src/umd-build.test.ts` fails above it, so the size only goes down unless a change says why it grows.
 * Lower it with each saving (README, "Size").
 */
export const UMD_CEILING = 15_893;

/** The same for the UMD add-on (`portico-embed-extras.min.js`), which has no budget of its own. */
export const UMD_EXTRAS_CEILING = 4_130;

/** The global the UMD build defines without a module loader, as powerbi-client's does. */
export const UMD_GLOBAL = 'powerbi-client';

// A UMD wrapper around esbuild's module output (its `export {…}` becomes the factory's `return {…}`, see
// `toFactoryReturn`): AMD, CommonJS, or a global on the page.
const umdBanner = `(function(root,factory){if(typeof define==="function"&&define.amd)define([],factory);else if(typeof module==="object"&&module.exports)module.exports=factory();else root[${JSON.stringify(UMD_GLOBAL)}]=factory()})(globalThis,function(){`;

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
};

/** ESM: one bundled module (protocol and models inlined), readable; consumers' bundlers minify it. */
export const esm = { ...common, entryPoints: ['src/index.ts'], format: 'esm', sourcemap: true };

/** CommonJS, for `require`. */
export const cjs = { ...common, entryPoints: ['src/index.ts'], format: 'cjs', sourcemap: true };

/** An esbuild plugin that resolves the relative import `from` (e.g. `./extras.ts`) as `to`. */
const swap = (from, to) => ({
  name: `swap ${from}`,
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${from.replaceAll('.', '\\.')}$`) }, () => to);
  },
});

/**
 * UMD for script tags: minified, defines `window.powerbi`. Bundled as a module inside the UMD factory, whose
 * exports are returned as a plain object: no IIFE and no `__toCommonJS` getters around the public names.
 * `extras.ts` (Q&A, quick create, the paginated-report validator) is swapped for `umd-slot.ts`, whose
 * stand-ins use what the add-on registers (`umdExtras`).
 */
export const umd = {
  ...common,
  entryPoints: ['src/umd.ts'],
  format: 'esm',
  minify: true,
  sourcemap: true,
  banner: { js: umdBanner },
  footer: { js: '});' },
  plugins: [swap('./extras.ts', { path: path.join(root, 'src/umd-slot.ts') })],
};

/**
 * The whole SDK as one UMD file, not shipped: the core with `extras.ts` itself (Q&A, quick create, paginated
 * reports) and the complete `models` (`modelsNamespace` for `modelsCore`). `npm run size` measures it, since
 * the budget is for the whole SDK and the core meets it only with the add-on beside it.
 */
export const umdWhole = {
  ...umd,
  plugins: [
    {
      name: 'whole models',
      setup(build) {
        build.onLoad({ filter: /[\\/]src[\\/]umd\.ts$/ }, async (args) => ({
          contents: (await readFile(args.path, 'utf8')).replaceAll('modelsCore', 'modelsNamespace'),
          loader: 'ts',
        }));
      },
    },
  ],
};

/** The global (or CommonJS module) the add-on completes: the core UMD build. */
const extrasBanner = `(function(root,factory){if(typeof module==="object"&&module.exports)module.exports=factory(require("./portico-embed.min.js"));else factory(root[${JSON.stringify(UMD_GLOBAL)}])})(globalThis,function(__core){`;

/**
 * The UMD add-on (`src/umd-extras.ts`): Q&A, quick create, paginated reports and the rest of `models`, for a
 * page that loaded the core first (script tags, or CommonJS beside the core file). `./embed.ts` is the core's
 * `Embed` (the factory's `__core` argument), so the kinds extend the core's class; `minifiedUmdExtras`
 * mangles internal members with the core's names.
 */
export const umdExtras = {
  ...common,
  entryPoints: ['src/umd-extras.ts'],
  format: 'esm',
  minify: true,
  sourcemap: true,
  banner: { js: extrasBanner },
  footer: { js: '});' },
  plugins: [
    swap('./embed.ts', { path: 'embed', namespace: 'umd-core' }),
    {
      name: 'umd-core',
      setup(build) {
        build.onLoad({ filter: /.*/, namespace: 'umd-core' }, () => ({
          contents:
            'if (!__core) throw new Error("portico-embed-extras.min.js needs portico-embed.min.js, loaded before it");' +
            'export const { Embed } = __core;',
          loader: 'js',
        }));
      },
    },
  ],
};

/** Turns the bundle's final `export{a as A,…}` into `return{A:a,…}`, the UMD factory's result. */
export function toFactoryReturn(code) {
  const start = code.lastIndexOf('export{');
  const end = code.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error('The UMD bundle has no export list');
  const entries = code
    .slice(start + 'export{'.length, end)
    .split(',')
    .map((entry) => {
      const [local, name = local] = entry.trim().split(/\s+as\s+/);
      return `${name}:${local}`;
    });
  return `${code.slice(0, start)}return{${entries.join(',')}}${code.slice(end + 1)}`;
}

/**
 * Internal members are named with a leading `_` (`_send`, `_channel`, `_receive` …): nothing of powerbi-client's
 * surface, of the configuration or of the wire starts with one, so the minified builds may shorten them.
 */
export const INTERNAL_MEMBER = /^_[a-zA-Z]/;

/**
 * terser after esbuild for the minified builds: two compress passes (`unsafe` off, so no rewrite that can change
 * behaviour), and property mangling for internal members only (`INTERNAL_MEMBER`; every other name is public
 * API or wire format). It inlines and folds what esbuild's single pass leaves.
 */
export const terserOptions = {
  ecma: 2020,
  compress: { passes: 2, unsafe: false, inline: 1 },
  mangle: { properties: { regex: INTERNAL_MEMBER } },
  format: { comments: false },
};

/**
 * Runs terser on an esbuild output; `map` chains esbuild's source map when given. `mangleInternal: false`
 * leaves property names alone, as an app's own minifier would. `nameCache` (terser's) is filled with the
 * internal members' new names, or gives them when it already holds them (the add-on, after the core).
 */
export async function terse(code, { module = false, map, file, mangleInternal = true, nameCache } = {}) {
  const { minify } = await import('terser');
  return minify(code, {
    ...terserOptions,
    ...(mangleInternal ? {} : { mangle: true }),
    ...(nameCache ? { nameCache } : {}),
    module,
    ...(map ? { sourceMap: { content: map, url: `${file}.map`, filename: file } } : {}),
  });
}

/**
 * The minified UMD build as `build.mjs` writes it (esbuild, then terser), in memory: `{ code, map }`.
 * `npm run size` and the budget test (`src/umd-build.test.ts`) measure exactly this; `whole: true` gives
 * `umdWhole` instead, made the same way.
 */
export async function minifiedUmd({
  file = 'portico-embed.min.js',
  sourcemap = false,
  nameCache,
  whole = false,
} = {}) {
  const { build } = createRequire(import.meta.url)('esbuild');
  const options = whole ? umdWhole : umd;
  const { outputFiles } = await build({ ...options, sourcemap, outfile: `dist/umd/${file}`, write: false });
  const js = outputFiles.find((output) => output.path.endsWith('.js'));
  const map = outputFiles.find((output) => output.path.endsWith('.map'));
  const result = await terse(toFactoryReturn(js.text), { map: map?.text, file, nameCache });
  return { code: result.code ?? '', map: result.map };
}

/**
 * The minified UMD add-on as `build.mjs` writes it, in memory: `{ code, map }`. Builds the core first for
 * the names terser gave its internal members (`_send` …), which the add-on's kinds call on the core's `Embed`.
 */
export async function minifiedUmdExtras({ file = 'portico-embed-extras.min.js', sourcemap = false } = {}) {
  const nameCache = {};
  await minifiedUmd({ nameCache });
  const { build } = createRequire(import.meta.url)('esbuild');
  const { outputFiles } = await build({ ...umdExtras, sourcemap, outfile: `dist/umd/${file}`, write: false });
  const js = outputFiles.find((output) => output.path.endsWith('.js'));
  const map = outputFiles.find((output) => output.path.endsWith('.map'));
  const result = await terse(js.text, { map: map?.text, file, nameCache });
  return { code: result.code ?? '', map: result.map };
}
