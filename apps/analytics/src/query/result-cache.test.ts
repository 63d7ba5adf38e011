import { listValue } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { modelVersion, ResultCache, resultKey } from './result-cache.ts';
import type { CachedResult, ResultKeyParts } from './result-cache.ts';

const answer = (text: string): CachedResult => ({ body: Buffer.from(text), truncated: false });

const cache = (maxBytes = 1024 * 1024, ttlMs = 60_000, now = () => 0) =>
  new ResultCache({ maxBytes, ttlMs, now });

/** A compute function that counts its calls. */
function counted(text: string): { calls: number; compute: () => Promise<CachedResult> } {
  const counter = {
    calls: 0,
    compute: () => {
      counter.calls += 1;
      return Promise.resolve(answer(text));
    },
  };
  return counter;
}

const PARTS: ResultKeyParts = {
  kind: 'query',
  modelVersion: 'model-1',
  dataVersion: 'data-1',
  databaseNames: ['fabrikam'],
  compiled: {
    sql: 'SELECT count(*) FROM devices WHERE list_contains($1, database_name)',
    params: [listValue(['fabrikam'])],
    paramTypes: [],
    limit: 30_000,
  },
};

describe('resultKey', () => {
  it('differs for two identities even when their statements are exactly alike', () => {
    // The same statement text and values for both callers: only the identity part of the key can tell them apart.
    const contoso = { ...PARTS, databaseNames: ['contoso'] };
    expect(resultKey(contoso)).not.toBe(resultKey(PARTS));
  });

  it('is the same for the same identities in any order, and differs for a subset of them', () => {
    const both = { ...PARTS, databaseNames: ['fabrikam', 'contoso'] };
    expect(resultKey(both)).toBe(resultKey({ ...PARTS, databaseNames: ['contoso', 'fabrikam', 'contoso'] }));
    expect(resultKey(both)).not.toBe(resultKey(PARTS));
  });

  it('differs with the model version, the data version, the kind, the statement, a value and the limit', () => {
    const base = resultKey(PARTS);
    const variants: ResultKeyParts[] = [
      { ...PARTS, modelVersion: 'model-2' },
      { ...PARTS, dataVersion: 'data-2' },
      { ...PARTS, kind: 'export-summarized' },
      { ...PARTS, compiled: { ...PARTS.compiled, sql: `${PARTS.compiled.sql} AND 1 = 1` } },
      { ...PARTS, compiled: { ...PARTS.compiled, params: [listValue(['contoso'])] } },
      { ...PARTS, compiled: { ...PARTS.compiled, params: [...PARTS.compiled.params, 1] } },
      { ...PARTS, compiled: { ...PARTS.compiled, params: [...PARTS.compiled.params, '1'] } },
      { ...PARTS, compiled: { ...PARTS.compiled, limit: 10 } },
    ];
    const keys = variants.map(resultKey);
    expect(new Set([base, ...keys]).size).toBe(variants.length + 1);
  });
});

describe('modelVersion', () => {
  it('changes when the model object is replaced by a different one, and not for an equal one', () => {
    const model = { id: 'd', tables: [{ name: 'Devices' }] };
    expect(modelVersion(model)).toBe(modelVersion({ id: 'd', tables: [{ name: 'Devices' }] }));
    expect(modelVersion(model)).not.toBe(modelVersion({ id: 'd', tables: [{ name: 'Printers' }] }));
  });
});

describe('ResultCache', () => {
  it('answers a repeated key from memory and counts the hit', async () => {
    const results = cache();
    const engine = counted('[1]');
    expect((await results.get('k', 'v1', engine.compute)).outcome).toBe('miss');
    const second = await results.get('k', 'v1', engine.compute);
    expect(second.outcome).toBe('hit');
    expect(second.result.body.toString()).toBe('[1]');
    expect(engine.calls).toBe(1);
    expect(results.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1, bytes: 3 });
  });

  it('keeps the answers of two identities apart through their keys', async () => {
    const results = cache();
    const fabrikam = resultKey(PARTS);
    const contoso = resultKey({ ...PARTS, databaseNames: ['contoso'] });
    await results.get(fabrikam, 'data-1', () => Promise.resolve(answer('fabrikam rows')));
    const other = await results.get(contoso, 'data-1', () => Promise.resolve(answer('contoso rows')));
    expect(other.outcome).toBe('miss');
    expect(other.result.body.toString()).toBe('contoso rows');
  });

  it('drops every answer when the data version changes', async () => {
    const results = cache();
    const engine = counted('old');
    await results.get('a', 'load-1', engine.compute);
    await results.get('b', 'load-1', engine.compute);
    const after = await results.get('a', 'load-2', () => Promise.resolve(answer('new')));
    expect(after.outcome).toBe('miss');
    expect(after.result.body.toString()).toBe('new');
    expect(results.stats()).toMatchObject({ invalidations: 2, entries: 1, bytes: 3 });
  });

  it('does not keep an answer whose data version was replaced while the engine worked', async () => {
    const results = cache();
    let finish: (value: CachedResult) => void = () => undefined;
    const slow = results.get('a', 'load-1', () => new Promise<CachedResult>((resolve) => (finish = resolve)));
    await results.get('b', 'load-2', () => Promise.resolve(answer('b')));
    finish(answer('stale'));
    await slow;
    expect((await results.get('a', 'load-2', () => Promise.resolve(answer('fresh')))).outcome).toBe('miss');
  });

  it('lets an answer expire after its lifetime', async () => {
    const clock = { now: 0 };
    const results = cache(1024, 60_000, () => clock.now);
    const engine = counted('x');
    await results.get('k', 'v', engine.compute);
    clock.now = 59_999;
    expect((await results.get('k', 'v', engine.compute)).outcome).toBe('hit');
    clock.now = 60_000;
    expect((await results.get('k', 'v', engine.compute)).outcome).toBe('miss');
    expect(results.stats()).toMatchObject({ expirations: 1, entries: 1, bytes: 1 });
  });

  it('evicts the least recently used answers once the kept bytes pass the bound', async () => {
    const results = cache(800);
    const hundred = 'x'.repeat(100);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      await results.get(key, 'v', counted(hundred).compute);
    expect(results.stats()).toMatchObject({ entries: 8, bytes: 800, evictions: 0 });
    await results.get('a', 'v', counted(hundred).compute); // a is now the most recently used
    await results.get('i', 'v', counted(hundred).compute);
    expect(results.stats()).toMatchObject({ entries: 8, bytes: 800, evictions: 1 });
    expect((await results.get('a', 'v', counted(hundred).compute)).outcome).toBe('hit');
    expect((await results.get('b', 'v', counted(hundred).compute)).outcome).toBe('miss');
  });

  it('does not keep an answer larger than an eighth of the bound', async () => {
    const results = cache(800);
    await results.get('big', 'v', counted('x'.repeat(101)).compute);
    expect(results.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('keeps nothing when the bound is 0', async () => {
    const results = cache(0);
    const engine = counted('x');
    await results.get('k', 'v', engine.compute);
    await results.get('k', 'v', engine.compute);
    expect(results.enabled).toBe(false);
    expect(engine.calls).toBe(2);
  });

  it('makes concurrent identical misses share one engine call', async () => {
    const results = cache();
    let calls = 0;
    let finish: (value: CachedResult) => void = () => undefined;
    const compute = () => {
      calls += 1;
      return new Promise<CachedResult>((resolve) => (finish = resolve));
    };
    const waiting = [1, 2, 3, 4, 5].map(() => results.get('k', 'v', compute));
    finish(answer('once'));
    const answers = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(answers.map((a) => a.outcome)).toEqual(['miss', 'shared', 'shared', 'shared', 'shared']);
    expect(answers.every((a) => a.result.body.toString() === 'once')).toBe(true);
  });

  it('never keeps a failed call: every waiter gets the error and the next call asks again', async () => {
    const results = cache();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('engine down'));
    };
    const [first, second] = [results.get('k', 'v', failing), results.get('k', 'v', failing)];
    await expect(first).rejects.toThrow('engine down');
    await expect(second).rejects.toThrow('engine down');
    expect(calls).toBe(1);
    const next = await results.get('k', 'v', () => Promise.resolve(answer('back')));
    expect(next.outcome).toBe('miss');
    expect(results.stats()).toMatchObject({ errors: 1, entries: 1 });
  });
});
