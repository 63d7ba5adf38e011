#!/usr/bin/env node
// `npm run build`: ESM and CommonJS bundles of the component (esbuild; React and @portico/embed stay
// imports), per-module declarations (tsc), and a publishable `dist/package.json` (`publishConfig` applied).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { build } = require('esbuild');
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

const common = {
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  bundle: true,
  packages: 'external', // react, react/jsx-runtime and @portico/embed are the app's
  platform: 'neutral',
  target: 'es2022',
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'warning',
  sourcemap: true,
};

rmSync(dist, { recursive: true, force: true });
await Promise.all([
  build({ ...common, format: 'esm', outfile: 'dist/index.js' }),
  build({ ...common, format: 'cjs', outfile: 'dist/cjs/index.cjs' }),
]);

// Declarations, one per module; relative `.ts`/`.tsx` specifiers become `.js` (what the published files are).
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
const declarations = readdirSync(dist).filter((name) => name.endsWith('.d.ts'));
for (const file of declarations) {
  const target = path.join(dist, file);
  const text = readFileSync(target, 'utf8').replace(
    /(from |import\()(['"])(\.{1,2}\/[^'"]+)\.tsx?\2/g,
    '$1$2$3.js$2',
  );
  writeFileSync(target, text);
}
// CommonJS consumers get the same declarations, read as CommonJS.
mkdirSync(path.join(dist, 'cjs'), { recursive: true });
for (const file of declarations) cpSync(path.join(dist, file), path.join(dist, 'cjs', file));
writeFileSync(path.join(dist, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// npm does not apply `publishConfig` to exports: publish `dist/` with the manifest written here.
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { publishConfig, scripts: _scripts, files: _files, ...rest } = manifest;
const relative = JSON.parse(JSON.stringify(publishConfig).replaceAll('./dist/', './'));
writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify({ ...rest, ...relative }, null, 2)}\n`);
copyFileSync(path.join(root, 'README.md'), path.join(dist, 'README.md'));

console.info(`built ${path.relative(process.cwd(), dist) || 'dist'}: index.js, cjs/index.cjs, *.d.ts`);
