// The esbuild settings of the three builds, shared by `build.mjs` and `size.mjs` so the size check
// measures exactly what is shipped.
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The global the UMD build defines without a module loader, as powerbi-client's does. */
export const UMD_GLOBAL = 'powerbi-client';

// A UMD wrapper around esbuild's IIFE: AMD, CommonJS, or a global on the page.
const umdBanner = `(function(root,factory){if(typeof define==="function"&&define.amd)define([],factory);else if(typeof module==="object"&&module.exports)module.exports=factory();else root[${JSON.stringify(UMD_GLOBAL)}]=factory()})(typeof self!=="undefined"?self:this,function(){`;

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

/** UMD for script tags: minified, defines `window.powerbi`. */
export const umd = {
  ...common,
  entryPoints: ['src/umd.ts'],
  format: 'iife',
  globalName: '__porticoEmbed',
  minify: true,
  sourcemap: true,
  banner: { js: umdBanner },
  footer: { js: 'return __porticoEmbed});' },
};

/**
 * terser after esbuild for the minified builds: two compress passes (`unsafe` off, so no rewrite that can change
 * behaviour) and property mangling for none (our classes' fields are public API). It inlines and folds what
 * esbuild's single pass leaves, about 500 B gzipped on the UMD build.
 */
export const terserOptions = {
  ecma: 2020,
  compress: { passes: 2, unsafe: false },
  mangle: true,
  format: { comments: false },
};

/** Runs terser on an esbuild output; `map` chains esbuild's source map when given. */
export async function terse(code, { module = false, map, file } = {}) {
  const { minify } = await import('terser');
  return minify(code, {
    ...terserOptions,
    module,
    ...(map ? { sourceMap: { content: map, url: `${file}.map`, filename: file } } : {}),
  });
}
