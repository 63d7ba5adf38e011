#!/usr/bin/env node
// `node scripts/size-modules.mjs [--whole] [--lines N]`: where the minified, gzipped UMD build's bytes come
// from. For each source module, the bytes gzip saves when that module's minified output is cut out of the
// file (its cost in context: text gzip already shares with other modules costs little), and the same with
// string literals and long names blanked, which leaves the code's own structure. `--lines N` lists the N
// costliest source lines instead. `--whole` measures the whole SDK in one file (`umdWhole`).
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { minifiedUmd } from './bundles.mjs';

const args = process.argv.slice(2);
const whole = args.includes('--whole');
const lines = args.includes('--lines') ? Number(args[args.indexOf('--lines') + 1] ?? 40) : 0;
const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js');

const built = await minifiedUmd({ sourcemap: true, whole });
// Without the `//# sourceMappingURL` line the source map adds, so the total is `npm run size`'s.
const code = built.code.replace(/\n?\/\/# sourceMappingURL=.*$/, '');
const { map } = built;
const gz = (text) => gzipSync(text, { level: 9 }).length;

// The source (module, or module:line) of every character of the one-line minified file.
const owner = new Array(code.length).fill('(wrapper)');
const mappings = [];
new SourceMapConsumer(JSON.parse(map)).eachMapping((m) => mappings.push(m));
mappings.sort((a, b) => a.generatedColumn - b.generatedColumn);
mappings.forEach((m, i) => {
  const end = mappings[i + 1]?.generatedColumn ?? code.length;
  const name = (m.source ?? '(wrapper)').replace(/^(\.\.\/)+/, '').replace(/^packages\//, '');
  for (let c = m.generatedColumn; c < end; c++) owner[c] = lines ? `${name}:${m.originalLine}` : name;
});

// The structure-only copy: strings become "" and names of 3+ characters (but keywords) become x.
const KEYWORDS = new Set(
  'return function this typeof void new class extends static let var for throw async await null true false else instanceof delete super try catch get break continue'.split(
    ' ',
  ),
);
let structure = '';
const structureOwner = [];
for (const { 0: token, index } of code.matchAll(
  /"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'|[A-Za-z_$][\w$]*|[\s\S]/g,
)) {
  let kept = token;
  if (/^["'`]/.test(token)) kept = '""';
  else if (/^[A-Za-z_$][\w$]{2,}$/.test(token) && !KEYWORDS.has(token)) kept = 'x';
  structure += kept;
  for (let i = 0; i < kept.length; i++) structureOwner.push(owner[index]);
}

const costs = (text, owners) => {
  const total = gz(text);
  const result = new Map();
  for (const source of new Set(owners)) {
    let rest = '';
    let size = 0;
    for (let i = 0; i < text.length; i++) {
      if (owners[i] === source) size++;
      else rest += text[i];
    }
    result.set(source, { size, cost: total - gz(rest) });
  }
  return { total, result };
};

const all = costs(code, owner);
console.info(`${whole ? 'whole SDK' : 'UMD core'}: ${code.length} B min, ${all.total} B min+gz`);
if (lines) {
  const rows = [...all.result].sort((a, b) => b[1].cost - a[1].cost).slice(0, lines);
  for (const [source, { size, cost }] of rows)
    console.info(`${String(cost).padStart(6)} ${String(size).padStart(6)}  ${source}`);
} else {
  const shape = costs(structure, structureOwner);
  console.info(`structure alone (strings and names blanked): ${shape.total} B min+gz`);
  console.info(' gz cost    min  structure  module');
  const rows = [...all.result].sort((a, b) => b[1].cost - a[1].cost);
  for (const [source, { size, cost }] of rows) {
    const own = shape.result.get(source)?.cost ?? 0;
    console.info(
      `${String(cost).padStart(8)} ${String(size).padStart(6)} ${String(own).padStart(10)}  ${source}`,
    );
  }
}
