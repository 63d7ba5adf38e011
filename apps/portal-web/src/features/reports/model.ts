/** A customer account (spec §3). */
export interface CustomerAccount {
  databaseName: string;
  accountName: string;
  customerName: string;
}

/** A node of the report catalog (spec §3): parentId -1 for a root. */
export interface ReportNode {
  id: number;
  parentId: number;
  name: string;
  children: number[];
  viewFiles: string[];
  relativePath: string;
  isOffice: boolean;
}

export type ReportFormat = 'docx' | 'csv' | 'xml' | 'html';

/** The answer of GET /api/reports/downloadAccessToken. */
export interface DownloadAccessToken {
  accessToken: string;
  expiresOn: string;
}

/** 'customerName (databaseName)' when a customer name exists and differs, else the database name. */
export function customerLabel({ customerName, databaseName }: CustomerAccount): string {
  return customerName !== '' && customerName !== databaseName
    ? `${customerName} (${databaseName})`
    : databaseName;
}

/** Office reports come as DOCX only; the others as CSV, XML and HTML (spec §4). */
export function formatsFor(node: Pick<ReportNode, 'isOffice'>): ReportFormat[] {
  return node.isOffice ? ['docx'] : ['csv', 'xml', 'html'];
}

/** One visible line of the tree. */
export interface TreeRow {
  node: ReportNode;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** Nodes by id, and the roots in catalog order. */
export interface ReportIndex {
  byId: ReadonlyMap<number, ReportNode>;
  roots: readonly ReportNode[];
}

export function indexNodes(nodes: readonly ReportNode[]): ReportIndex {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  // A node whose parent is missing is shown as a root rather than lost.
  const roots = nodes.filter((node) => node.parentId === -1 || !byId.has(node.parentId));
  return { byId, roots };
}

/**
 * The rows the tree shows, depth-first, skipping the children of collapsed nodes. Iterative, so a deep
 * catalog cannot overflow the stack; a cycle in bad data is cut at the first repeat.
 */
export function visibleRows(index: ReportIndex, collapsed: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const stack: { node: ReportNode; depth: number }[] = [...index.roots]
    .reverse()
    .map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: ReportNode; depth: number };
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const children = node.children
      .map((id) => index.byId.get(id))
      .filter((child): child is ReportNode => child !== undefined);
    const expanded = !collapsed.has(node.id);
    rows.push({ node, depth, hasChildren: children.length > 0, expanded });
    if (expanded) {
      for (let i = children.length - 1; i >= 0; i -= 1)
        stack.push({ node: children[i] as ReportNode, depth: depth + 1 });
    }
  }
  return rows;
}
