import { asc, eq, sql } from 'drizzle-orm';
import type { PortalDb } from './database.ts';
import { catalogReports, reportNodes } from './schema.ts';

/** A report node as the API shows it (spec §3); viewFiles are the names of the node's reports. */
export interface ReportNode {
  id: number;
  parentId: number;
  name: string;
  children: number[];
  viewFiles: string[];
  relativePath: string;
  isOffice: boolean;
}

/** A name in other languages than the catalog's own, by language code: `{ de: 'Nutzung', ja: '使用状況' }`. */
export type CatalogNames = Readonly<Record<string, string>>;

export interface CatalogReport {
  /** The report's name in the catalog's own language: what `viewFiles` and downloads name it by. */
  name: string;
  kind: string;
  /** The name in other languages (absent: `name` in every language). */
  names?: CatalogNames;
  /** When it joined the catalog (absent in a seed: the database sets it). */
  createdAt?: Date;
}

/** A node with its names in the asked language (`title`, and `viewFileTitles` beside `viewFiles`). */
export interface LocalizedReportNode extends ReportNode {
  title: string;
  viewFileTitles: string[];
}

/** The catalog in memory: the nodes in API order and, by relativePath, each node's reports and names. */
export interface Catalog {
  nodes: ReportNode[];
  reportsByPath: ReadonlyMap<
    string,
    { node: ReportNode; names: CatalogNames; reports: readonly CatalogReport[] }
  >;
}

/**
 * A catalog name in `language`: its translation when the catalog has one, else the name itself.
 *
 * @example nameIn({ name: 'Usage', names: { de: 'Nutzung' } }, 'de') // 'Nutzung'
 */
export function nameIn(item: { name: string; names?: CatalogNames | undefined }, language?: string): string {
  const translated = language === undefined ? undefined : item.names?.[language];
  return typeof translated === 'string' && translated.trim() !== '' ? translated : item.name;
}

/** The catalog's nodes as the API shows them in `language` (no language: the catalog's own names). */
export function localizedNodes(catalog: Catalog, language?: string): LocalizedReportNode[] {
  return catalog.nodes.map((node) => {
    const entry = catalog.reportsByPath.get(node.relativePath);
    return {
      ...node,
      title: nameIn({ name: node.name, names: entry?.names }, language),
      viewFileTitles: (entry?.reports ?? []).map((report) => nameIn(report, language)),
    };
  });
}

/** Reads the whole catalog: nodes depth-first in sibling order, children and reports in their positions. */
export async function loadCatalog(db: PortalDb): Promise<Catalog> {
  const nodeRows = await db
    .select()
    .from(reportNodes)
    .orderBy(asc(reportNodes.position), asc(reportNodes.id));
  const reportRows = await db
    .select()
    .from(catalogReports)
    .orderBy(asc(catalogReports.position), asc(catalogReports.id));
  const reportsOf = new Map<number, CatalogReport[]>();
  for (const row of reportRows) {
    const list = reportsOf.get(row.nodeId) ?? [];
    list.push({ name: row.name, kind: row.kind, names: row.names, createdAt: row.createdAt });
    reportsOf.set(row.nodeId, list);
  }
  const childrenOf = new Map<number, number[]>();
  for (const row of nodeRows) {
    const list = childrenOf.get(row.parentId) ?? [];
    list.push(row.id);
    childrenOf.set(row.parentId, list);
  }
  const byId = new Map(nodeRows.map((row) => [row.id, row]));
  const nodes: ReportNode[] = [];
  const reportsByPath = new Map<
    string,
    { node: ReportNode; names: CatalogNames; reports: readonly CatalogReport[] }
  >();
  const visit = (id: number) => {
    const row = byId.get(id);
    if (row === undefined) return;
    const reports = reportsOf.get(id) ?? [];
    const node: ReportNode = {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      children: childrenOf.get(id) ?? [],
      viewFiles: reports.map((report) => report.name),
      relativePath: row.relativePath,
      isOffice: row.isOffice,
    };
    nodes.push(node);
    reportsByPath.set(node.relativePath, { node, names: row.names, reports });
    for (const child of node.children) visit(child);
  };
  for (const root of childrenOf.get(-1) ?? []) visit(root);
  return { nodes, reportsByPath };
}

export interface CatalogNodeSeed {
  name: string;
  names?: CatalogNames;
  isOffice?: boolean;
  reports?: readonly CatalogReport[];
  children?: readonly CatalogNodeSeed[];
}

/** Writes a catalog tree into empty tables (ids 1, 2, … depth-first; paths joined with '/'). */
export async function insertCatalog(db: PortalDb, roots: readonly CatalogNodeSeed[]): Promise<void> {
  let nextId = 1;
  const nodes: (typeof reportNodes.$inferInsert)[] = [];
  const reports: (typeof catalogReports.$inferInsert)[] = [];
  const walk = (seeds: readonly CatalogNodeSeed[], parentId: number, parentPath: string) => {
    seeds.forEach((seed, position) => {
      const id = nextId++;
      const relativePath = parentPath === '' ? seed.name : `${parentPath}/${seed.name}`;
      nodes.push({
        id,
        parentId,
        name: seed.name,
        names: { ...seed.names },
        relativePath,
        isOffice: seed.isOffice ?? false,
        position,
      });
      (seed.reports ?? []).forEach((report, index) =>
        reports.push({
          nodeId: id,
          name: report.name,
          kind: report.kind,
          names: { ...report.names },
          position: index,
        }),
      );
      walk(seed.children ?? [], id, relativePath);
    });
  };
  walk(roots, -1, '');
  await db.transaction(async (tx) => {
    if (nodes.length > 0) await tx.insert(reportNodes).values(nodes);
    if (reports.length > 0) await tx.insert(catalogReports).values(reports);
  });
}

export async function catalogIsEmpty(db: PortalDb): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reportNodes);
  return (row?.n ?? 0) === 0;
}

/**
 * Gives the nodes and reports of a catalog written before names had translations (migration 0008) the names of
 * `roots` where they have none yet, matched by path and report name. Returns how many rows it named.
 */
export async function fillCatalogNames(db: PortalDb, roots: readonly CatalogNodeSeed[]): Promise<number> {
  const catalog = await loadCatalog(db);
  let named = 0;
  const walk = async (seeds: readonly CatalogNodeSeed[], parentPath: string): Promise<void> => {
    for (const seed of seeds) {
      const relativePath = parentPath === '' ? seed.name : `${parentPath}/${seed.name}`;
      const entry = catalog.reportsByPath.get(relativePath);
      if (entry !== undefined) {
        if (seed.names !== undefined && Object.keys(entry.names).length === 0) {
          await db
            .update(reportNodes)
            .set({ names: { ...seed.names } })
            .where(eq(reportNodes.id, entry.node.id));
          named += 1;
        }
        for (const report of seed.reports ?? []) {
          const stored = entry.reports.find((r) => r.name === report.name);
          if (
            report.names === undefined ||
            stored === undefined ||
            Object.keys(stored.names ?? {}).length > 0
          )
            continue;
          await db
            .update(catalogReports)
            .set({ names: { ...report.names } })
            .where(
              sql`${catalogReports.nodeId} = ${entry.node.id} and ${catalogReports.name} = ${report.name}`,
            );
          named += 1;
        }
      }
      await walk(seed.children ?? [], relativePath);
    }
  };
  await walk(roots, '');
  return named;
}
