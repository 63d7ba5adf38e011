#!/usr/bin/env node
// `npm run build`: ESM, CJS and minified UMD bundles (esbuild), per-module declarations (tsc), and a
// publishable `dist/package.json` (the package's `publishConfig` applied, paths made relative to dist).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cjs, esm, minifiedUmd, minifiedUmdExtras, root } from './bundles.mjs';

const require = createRequire(import.meta.url);
const { build } = require('esbuild');
const dist = path.join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
await Promise.all([
  build({ ...esm, outfile: 'dist/index.js' }),
  build({ ...cjs, outfile: 'dist/cjs/index.cjs' }),
  buildUmd(),
]);

// The UMD build and its add-on: esbuild bundles and minifies, terser finishes (see `terse` in bundles.mjs).
async function buildUmd() {
  mkdirSync(path.join(dist, 'umd'), { recursive: true });
  for (const [file, make] of [
    ['portico-embed.min.js', minifiedUmd],
    ['portico-embed-extras.min.js', minifiedUmdExtras],
  ]) {
    const result = await make({ file, sourcemap: true });
    writeFileSync(path.join(dist, 'umd', file), result.code);
    if (result.map) writeFileSync(path.join(dist, 'umd', `${file}.map`), result.map);
  }
}

// Declarations, one per module; relative `.ts` specifiers become `.js` (what the published files are).
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.ts'))) {
  const target = path.join(dist, file);
  const text = readFileSync(target, 'utf8').replace(
    /(from |import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g,
    '$1$2$3.js$2',
  );
  writeFileSync(target, text);
}
// CommonJS consumers get the same declarations, read as CommonJS.
mkdirSync(path.join(dist, 'cjs'), { recursive: true });
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.ts'))) {
  cpSync(path.join(dist, file), path.join(dist, 'cjs', file));
}
// The CommonJS and UMD folders are read as CommonJS by Node (the package itself is ESM).
for (const folder of ['cjs', 'umd']) {
  writeFileSync(
    path.join(dist, folder, 'package.json'),
    `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`,
  );
}

// npm does not apply `publishConfig` to exports: publish `dist/` with the manifest written here.
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { publishConfig, scripts: _scripts, devDependencies: _dev, files: _files, ...rest } = manifest;
const relative = JSON.parse(JSON.stringify(publishConfig).replaceAll('./dist/', './'));
writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify({ ...rest, ...relative }, null, 2)}\n`);
copyFileSync(path.join(root, 'README.md'), path.join(dist, 'README.md'));

console.info(
  `built ${path.relative(process.cwd(), dist) || 'dist'}: index.js, cjs/index.cjs, umd/portico-embed.min.js, umd/portico-embed-extras.min.js, *.d.ts`,
);
