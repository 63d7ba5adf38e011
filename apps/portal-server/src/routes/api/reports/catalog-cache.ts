import { loadCatalog } from '../../../db/catalog.ts';
import type { Catalog } from '../../../db/catalog.ts';
import type { PortalDb } from '../../../db/database.ts';

/** How long a read of the catalog is reused: it changes only by migration or seed, and every replica reads it. */
const TTL_MS = 5_000;

/** The catalog, read at most every 5 s; concurrent callers share one read. */
export function catalogCache(db: PortalDb, now: () => number = Date.now): () => Promise<Catalog> {
  let cached: { at: number; catalog: Promise<Catalog> } | undefined;
  return () => {
    const at = now();
    if (cached === undefined || at - cached.at >= TTL_MS) {
      const catalog = loadCatalog(db);
      cached = { at, catalog };
      // A failed read is not kept.
      catalog.catch(() => {
        if (cached?.catalog === catalog) cached = undefined;
      });
    }
    return cached.catalog;
  };
}
