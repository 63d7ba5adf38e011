export { customerLabel } from '../../lib/customer-account.ts';
export type { CustomerAccount } from '../../lib/customer-account.ts';

/**
 * A node of the report catalog (spec §3): parentId -1 for a root. `name` and `viewFiles` are the catalog's own
 * names (what a download names); `title` and `viewFileTitles` the same in the UI language, for people.
 */
export interface ReportNode {
  id: number;
  parentId: number;
  name: string;
  title: string;
  children: number[];
  viewFiles: string[];
  viewFileTitles: string[];
  relativePath: string;
  isOffice: boolean;
}

/** The title of the node's report named `fileName` (its viewFiles entry), else that name. */
export function reportTitle(
  node: Pick<ReportNode, 'viewFiles' | 'viewFileTitles'>,
  fileName: string,
): string {
  const at = node.viewFiles.indexOf(fileName);
  return (at === -1 ? undefined : node.viewFileTitles[at]) ?? fileName;
}

export type ReportFormat = 'docx' | 'csv' | 'xml' | 'html';

/** The answer of GET /api/reports/downloadAccessToken. */
export interface DownloadAccessToken {
  accessToken: string;
  expiresOn: string;
}

/** GET /api/reports/reportFiles: a folder's reports for one account. */
export interface ReportFiles {
  path: string;
  /** Some sizes are still being measured (null): asked again until false. */
  sizesPending: boolean;
  /** The last day of data the reports hold. */
  dataEndDate: string;
  /** When that data was complete; the reports are generated from it on download. */
  updatedAt: string;
  files: {
    name: string;
    title: string;
    kind: string;
    description: string;
    addedAt: string;
    formats: { format: ReportFormat; bytes: number | null }[];
  }[];
}

/**
 * An HTML report larger than this is saved as a file rather than opened in a window: the 12.8 MB "Daily meter
 * readings" (87,600 rows) took 15–17 s of blank tab to draw.
 */
export const LARGE_HTML_BYTES = 5_000_000;

/** The first node, in catalog order (depth-first), that holds reports; else the first root. */
export function firstNodeWithFiles(nodes: readonly ReportNode[]): ReportNode | undefined {
  return nodes.find((node) => node.viewFiles.length > 0) ?? nodes[0];
}

/** A size as people read it, in the language's digits: 12.8 MB, 940 KB, 512 bytes (decimal units). */
export function formatSize(bytes: number, language: string): string {
  const [unit, value] =
    bytes >= 1e6
      ? (['megabyte', bytes / 1e6] as const)
      : bytes >= 1e3
        ? (['kilobyte', bytes / 1e3] as const)
        : (['byte', bytes] as const);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 100 ? 1 : 0,
  }).format(value);
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
