import type { Catalog } from '../../../db/catalog.ts';

/** How long a read of the catalog is reused: it changes only by migration or seed, and every replica reads it. */
const TTL_MS = 5_000;

export interface CatalogCache {
  /** The catalog, read at most every 5 s; concurrent callers share one read; a failed read is not kept. */
  (): Promise<Catalog>;
  /** The catalog at once when the last read has finished and is still fresh, else undefined (then call the cache). */
  settled(): Catalog | undefined;
}

/**
 * The report catalog, read through `load` at most every 5 s.
 *
 * ```ts
 * const catalog = catalogCache(() => loadCatalog(servicesOf(app).database.db));
 * const current = catalog.settled() ?? (await catalog());
 * ```
 */
export function catalogCache(load: () => Promise<Catalog>, now: () => number = Date.now): CatalogCache {
  let cached: { at: number; catalog: Promise<Catalog>; value?: Catalog } | undefined;
  const read = (): Promise<Catalog> => {
    const at = now();
    if (cached === undefined || at - cached.at >= TTL_MS) {
      const catalog = load();
      const entry: { at: number; catalog: Promise<Catalog>; value?: Catalog } = { at, catalog };
      cached = entry;
      catalog.then(
        (value) => {
          entry.value = value;
        },
        () => {
          if (cached === entry) cached = undefined;
        },
      );
    }
    return cached.catalog;
  };
  return Object.assign(read, {
    settled: (): Catalog | undefined =>
      cached !== undefined && now() - cached.at < TTL_MS ? cached.value : undefined,
  });
}
