import { asc, sql } from 'drizzle-orm';
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

export interface CatalogReport {
  name: string;
  kind: string;
  /** When it joined the catalog (absent in a seed: the database sets it). */
  createdAt?: Date;
}

/** The catalog in memory: the nodes in API order and, by relativePath, each node's reports. */
export interface Catalog {
  nodes: ReportNode[];
  reportsByPath: ReadonlyMap<string, { node: ReportNode; reports: readonly CatalogReport[] }>;
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
    list.push({ name: row.name, kind: row.kind, createdAt: row.createdAt });
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
  const reportsByPath = new Map<string, { node: ReportNode; reports: readonly CatalogReport[] }>();
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
    reportsByPath.set(node.relativePath, { node, reports });
    for (const child of node.children) visit(child);
  };
  for (const root of childrenOf.get(-1) ?? []) visit(root);
  return { nodes, reportsByPath };
}

export interface CatalogNodeSeed {
  name: string;
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
      nodes.push({ id, parentId, name: seed.name, relativePath, isOffice: seed.isOffice ?? false, position });
      (seed.reports ?? []).forEach((report, index) =>
        reports.push({ nodeId: id, name: report.name, kind: report.kind, position: index }),
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
