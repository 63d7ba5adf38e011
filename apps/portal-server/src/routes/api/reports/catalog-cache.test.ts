import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../db/catalog.ts';
import { catalogCache } from './catalog-cache.ts';

function catalogNamed(name: string): Catalog {
  return { nodes: [], reportsByPath: new Map(), name } as unknown as Catalog;
}

/** A loader whose reads finish when the test says so. */
function controlledLoader() {
  const reads: { resolve: (catalog: Catalog) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<Catalog>((resolve, reject) => {
      reads.push({ resolve, reject });
    });
  return { load, reads };
}

describe('the catalog cache', () => {
  it('shares one read between concurrent callers and reuses it for 5 s', async () => {
    let clock = 0;
    const { load, reads } = controlledLoader();
    const catalog = catalogCache(load, () => clock);
    const first = catalog();
    const second = catalog();
    expect(reads).toHaveLength(1);
    reads[0]?.resolve(catalogNamed('v1'));
    expect(await first).toBe(await second);
    clock = 4_999;
    expect(await catalog()).toBe(await first);
    expect(reads).toHaveLength(1);
    clock = 5_000;
    void catalog();
    expect(reads).toHaveLength(2);
  });

  it('tells the catalog at once only once its read has finished and while it is fresh', async () => {
    let clock = 0;
    const { load, reads } = controlledLoader();
    const catalog = catalogCache(load, () => clock);
    expect(catalog.settled()).toBeUndefined();
    const pending = catalog();
    expect(catalog.settled()).toBeUndefined();
    const v1 = catalogNamed('v1');
    reads[0]?.resolve(v1);
    await pending;
    expect(catalog.settled()).toBe(v1);
    clock = 5_000;
    expect(catalog.settled()).toBeUndefined();
  });

  it('does not keep a failed read: the next call reads again', async () => {
    const { load, reads } = controlledLoader();
    const catalog = catalogCache(load, () => 0);
    const failed = catalog();
    reads[0]?.reject(new Error('database unavailable'));
    await expect(failed).rejects.toThrow('database unavailable');
    expect(catalog.settled()).toBeUndefined();
    const retried = catalog();
    expect(reads).toHaveLength(2);
    const v2 = catalogNamed('v2');
    reads[1]?.resolve(v2);
    expect(await retried).toBe(v2);
  });
});
