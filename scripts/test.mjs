#!/usr/bin/env node
// `npm test`: every check the project has, in one run, closing with one plain line `N passed, N failed` summed over
// every suite (each static check counts as one). Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './stack.mjs';

const reports = path.join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- vitest` runs just that step
const results = [];

function step(name, command, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return null;
  console.info(`\n── ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`── ${name}: exit code ${result.status ?? result.signal} after ${seconds} s`);
  return result.status ?? 1;
}

function check(name, command, args) {
  const status = step(name, command, args);
  if (status === null) return;
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);

check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('lint', bin('eslint'), ['.', '--max-warnings=0']);
check('format', bin('prettier'), ['--check', '.', '--log-level=warn']);

const vitestJson = path.join(reports, 'vitest.json');
const vitestStatus = step('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (vitestStatus !== null) {
  const report = readJson(vitestJson);
  const passed = report?.numPassedTests ?? 0;
  // A crashed run (no report, or a failed file with no failed test) still counts as a failure.
  const failed = (report?.numFailedTests ?? 0) || (vitestStatus === 0 ? 0 : 1);
  results.push({ name: 'vitest', passed, failed });
}

const playwrightJson = path.join(reports, 'playwright.json');
const playwrightStatus = step('playwright', bin('playwright'), ['test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
if (playwrightStatus !== null) {
  const stats = readJson(playwrightJson)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) || (playwrightStatus === 0 ? 0 : 1);
  results.push({ name: 'playwright', passed, failed });
}

console.info('');
for (const r of results) console.info(`  ${r.name.padEnd(12)} passed ${r.passed}, failed ${r.failed}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
