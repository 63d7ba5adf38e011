import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_MODELS_DIR } from '../models/load-models.ts';

const CLI = fileURLToPath(new URL('./analytics.ts', import.meta.url));
const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ANALYTICS_MODELS_DIR: '' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'models-cli-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test starts the CLI (node + tsx) once or twice, a few seconds each on a loaded 2-core machine.
describe('npm run analytics -- models', { timeout: 60_000 }, () => {
  it('validate exits 0 on the built-in folder and lists its models and reports', () => {
    const valid = run('models', 'validate', dir);
    expect(valid.code).toBe(0);
    expect(valid.out).toContain(
      'valid — 1 model(s), 4 report(s), 6 culture(s) (de, es, fr, ja, pl, ru) in 11 file(s)',
    );
    const list = run('models', 'list', dir);
    expect(list.code).toBe(0);
    expect(list.out).toContain('model Print fleet (48c27e37-dbbd-4a5c-a6fc-79023eff1af4)');
    expect(list.out).toContain('report Service alerts');
  });

  it('validate exits 1 and prints each problem as file:line:column', () => {
    const file = join(dir, 'reports', '3-supplies.report.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('kind: report', 'kind: report\nextra: 1'));
    const invalid = run('models', 'validate', dir);
    writeFileSync(file, text);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain(`${file}:3:1: unknown property 'extra'`);
    expect(invalid.err).toContain('1 problem');
  });

  it('validate exits 1 for a SQL table that reads a file, as the service would refuse it', () => {
    const own = mkdtempSync(join(tmpdir(), 'models-cli-sql-'));
    try {
      const example = fileURLToPath(new URL('../../../../examples/own-data/models', import.meta.url));
      cpSync(example, own, { recursive: true });
      const file = join(own, 'support.model.yaml');
      const text = readFileSync(file, 'utf8');
      expect(run('models', 'validate', own).code).toBe(0);
      writeFileSync(
        file,
        text.replace(
          / {6}sql: >-\n(?: {8}.*\n)+/,
          `      sql: "SELECT content AS account_id FROM read_text('/etc/hostname')"\n`,
        ),
      );
      const refused = run('models', 'validate', own);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(
        "model 'Support desk', table 'Calendar': its SQL reads the table function read_text",
      );
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('exits 2 with the usage for an unknown action, an unknown option or a missing folder', () => {
    expect(run('models', 'check').code).toBe(2);
    const option = run('models', 'validate', dir, '--bogus');
    expect(option.code).toBe(2);
    expect(option.err).toContain("unknown option '--bogus'");
    const missing = run('models', 'validate', join(dir, 'nowhere'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('is not a folder');
  });
});
