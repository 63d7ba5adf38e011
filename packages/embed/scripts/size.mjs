#!/usr/bin/env node
// `npm run size`: the whole SDK (models and protocol included), minified and gzipped, against the budget.
// Bundles from source with the build's own settings, so it needs no build first. Also prints what the
// dependencies weigh and what an app that only uses `service.Service` ships after tree-shaking.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { BUDGET, esm, minifiedUmd, minifiedUmdExtras, root, terse } from './bundles.mjs';

const { build } = createRequire(import.meta.url)('esbuild');
const measure = async (options) => {
  const { outputFiles } = await build({
    ...options,
    minify: true,
    sourcemap: false,
    write: false,
    outdir: 'out',
  });
  const text = outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
  // terser after esbuild, as the UMD build does (bundles.mjs); the ESM rows stand for a consumer's minifier.
  const code = Buffer.from((await terse(text, { module: true, mangleInternal: false })).code ?? '');
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
};
const fromSource = (contents) => ({
  ...esm,
  entryPoints: undefined,
  stdin: { contents, resolveDir: root, loader: 'ts' },
});

const sizeOf = (code) => ({ min: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });
const extras = sizeOf((await minifiedUmdExtras()).code);
const core = sizeOf((await minifiedUmd()).code);
const whole = sizeOf((await minifiedUmd({ whole: true })).code);
const rows = [
  // The UMD build exactly as build.mjs writes it (plus window.powerbi), then its add-on.
  ['UMD core (budgeted)', core],
  ['UMD add-on (Q&A, quick create, RDL…)', extras],
  ['UMD core + add-on', { min: core.min + extras.min, gzip: core.gzip + extras.gzip }],
  // Everything in one UMD file (not shipped): what the budget asks of the whole SDK.
  ['UMD whole SDK, one file', whole],
  ['ESM, the whole SDK', await measure(esm)],
  ['  of which models', await measure(fromSource("export * from '@portico/models';"))],
  [
    'ESM, an app using service.Service',
    await measure(
      fromSource("import { service } from './src/index.ts'; export const s = new service.Service();"),
    ),
  ],
];
for (const [name, { min, gzip }] of rows) {
  console.info(`${name.padEnd(34)} ${String(min).padStart(7)} B min ${String(gzip).padStart(7)} B min+gz`);
}
// powerbi-client's own minified bundle (a dev dependency, for this comparison only), gzipped the same way.
const require = createRequire(import.meta.url);
const powerbiClient = {
  version: require('powerbi-client/package.json').version,
  ...sizeOf(readFileSync(require.resolve('powerbi-client/dist/powerbi.min.js'))),
};
const umdSize = core;
const ratio = (size) => (size.gzip / powerbiClient.gzip).toFixed(2);
console.info(
  `powerbi-client ${powerbiClient.version}'s powerbi.min.js: ${powerbiClient.min} B min ${powerbiClient.gzip} B min+gz; ` +
    `ours UMD core ${ratio(umdSize)}×, with the add-on ${ratio(rows[2][1])}×, in one file ${ratio(whole)}×, ` +
    `ESM ${ratio(rows[4][1])}× of it`,
);
console.info(
  `budget ${BUDGET} B min+gz (UMD core); the whole SDK in one file is ${whole.gzip - BUDGET} B over it`,
);
if (umdSize.gzip > BUDGET) {
  console.error(`The UMD build is ${umdSize.gzip - BUDGET} B over the ${BUDGET} B budget.`);
  process.exit(1);
}
