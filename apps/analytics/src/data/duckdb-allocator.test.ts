import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DUCKDB_JEMALLOC_CONF } from './duckdb-allocator.ts';

const ENGINE = fileURLToPath(new URL('./engine.ts', import.meta.url));

/** Imports engine.ts in a fresh Node (DuckDB's library loads there once), runs a query, prints the setting it saw. */
function freshProcess(conf: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['DUCKDB_JE_MALLOC_CONF'];
  if (conf !== undefined) env['DUCKDB_JE_MALLOC_CONF'] = conf;
  const script = `
    const { openEngine } = await import(${JSON.stringify(ENGINE)});
    const engine = await openEngine({ path: ':memory:', connections: 1 });
    const { rows } = await engine.query('SELECT sum(i) FROM range(100000) t(i)');
    await engine.close();
    console.log(JSON.stringify({ conf: process.env.DUCKDB_JE_MALLOC_CONF, sum: rows[0][0] }));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("DuckDB's allocator settings", () => {
  it('are set before DuckDB loads when the environment has none, and DuckDB accepts them', () => {
    const { code, out, err } = freshProcess(undefined);
    expect(err).not.toContain('<jemalloc>');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ conf: DUCKDB_JEMALLOC_CONF, sum: 4999950000 });
  });

  it("leave the environment's own DUCKDB_JE_MALLOC_CONF as it is, an empty one included", () => {
    expect(JSON.parse(freshProcess('dirty_decay_ms:500').out)).toMatchObject({ conf: 'dirty_decay_ms:500' });
    expect(JSON.parse(freshProcess('').out)).toMatchObject({ conf: '' });
  });

  it('would be reported by jemalloc on stderr if DuckDB refused them', () => {
    // The check above relies on this: a setting jemalloc does not know is named on stderr, not silently dropped.
    expect(freshProcess('no_such_option:1').err).toContain('<jemalloc>');
  });
});
