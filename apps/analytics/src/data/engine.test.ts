import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/helpers/eventually.ts';
import { openEngine } from './engine.ts';
import type { Engine } from './engine.ts';

let engine: Engine;
beforeAll(async () => {
  // One connection: every statement below runs on the same one, so its kept prepared statements are reused.
  engine = await openEngine({ path: ':memory:', connections: 1 });
  await engine.query("CREATE TABLE t AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS v(n, s)");
});
afterAll(async () => engine.close());

const SELECT = 'SELECT s FROM t WHERE n >= $1 ORDER BY n';

describe('the DuckDB engine', () => {
  it('answers a statement asked again with other values with those values, not the last ones bound', async () => {
    expect((await engine.query(SELECT, [2])).rows).toEqual([['b'], ['c']]);
    expect((await engine.query(SELECT, [3])).rows).toEqual([['c']]);
    expect((await engine.query(SELECT, [1])).rows).toEqual([['a'], ['b'], ['c']]);
  });

  it('answers a kept statement from the table as it is now when the table was replaced', async () => {
    expect((await engine.query(SELECT, [3])).rows).toEqual([['c']]);
    await engine.query("CREATE OR REPLACE TABLE t AS SELECT * FROM (VALUES (3, 'x'), (4, 'y')) AS v(n, s)");
    expect((await engine.query(SELECT, [3])).rows).toEqual([['x'], ['y']]);
    await engine.query(
      "CREATE OR REPLACE TABLE t AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS v(n, s)",
    );
  });

  it('still answers a statement after one of its runs failed on a value', async () => {
    const cast = 'SELECT CAST($1 AS INTEGER) + n FROM t WHERE n = 1';
    await expect(engine.query(cast, ['not a number'])).rejects.toThrow(/Conversion Error/);
    expect((await engine.query(cast, ['41'])).rows).toEqual([[42]]);
  });

  it('answers every one of more distinct statements than a connection keeps', async () => {
    for (let i = 0; i < 100; i += 1) {
      expect((await engine.query(`SELECT count(*) + ${i} FROM t WHERE n >= $1`, [2])).rows).toEqual([
        [2 + i],
      ]);
    }
    expect((await engine.query(SELECT, [2])).rows).toEqual([['b'], ['c']]);
  });
});

describe("the DuckDB engine's threads under load", () => {
  it('runs each statement on one thread while statements queue, and gives DuckDB its threads back after', async () => {
    const loaded = await openEngine({ path: ':memory:', connections: 2, threads: 2 });
    try {
      const threads = async () => (await loaded.query("SELECT current_setting('threads')")).rows[0]?.[0];
      expect(await threads()).toBe(2);
      const asked = Array.from({ length: 12 }, (_, i) =>
        loaded.query('SELECT sum(range) FROM range($1)', [1000 * (i + 1)]),
      );
      // Two statements hold the two connections; ten wait.
      expect(loaded.load?.()).toMatchObject({ running: 2, waiting: 10 });
      const sums = await Promise.all(asked);
      expect(sums.map((answer) => answer.rows[0]?.[0])).toEqual(
        Array.from({ length: 12 }, (_, i) => (1000 * (i + 1) * (1000 * (i + 1) - 1)) / 2),
      );
      // The setting is applied beside the statements, on a connection of its own: it may land just after them.
      await eventually(async () => (await threads()) === 1, 'one thread per statement', 500);
      expect(await threads()).toBe(1);
      // Back after the queue has stayed empty for a second.
      await eventually(async () => (await threads()) === 2, "DuckDB's threads back", 3000);
      expect(await threads()).toBe(2);
      expect(loaded.load?.()).toEqual({ running: 0, waiting: 0, threads: 2 });
    } finally {
      await loaded.close();
    }
  });
});
