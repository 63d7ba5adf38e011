/**
 * A YAML file parsed with its positions kept, so a problem found anywhere (a YAML syntax error, a schema error at a
 * JSON path, a report field its model lacks) is reported as `file:line:column`.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';

/** A problem in a model folder, at a place in one file (line and column from 1). */
export interface ModelProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** `models/print-fleet/fleet.model.yaml:12:5: …`, as editors and terminals link it. */
export const problemText = (p: ModelProblem): string => `${p.file}:${p.line}:${p.column}: ${p.message}`;

export type PathSegment = string | number;

export class YamlSource {
  private constructor(
    readonly file: string,
    private readonly document: Document.Parsed,
    private readonly lines: LineCounter,
    /** The plain data (undefined when the text does not parse). */
    readonly data: unknown,
    readonly syntaxProblems: readonly ModelProblem[],
  ) {}

  static parse(file: string, text: string): YamlSource {
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const problems = document.errors.map((error) => {
      const { line, col } = lines.linePos(error.pos[0]);
      return { file, line, column: col, message: error.message.split('\n')[0] ?? error.code };
    });
    let data: unknown;
    if (problems.length === 0) {
      try {
        data = document.toJS({ maxAliasCount: 100 });
      } catch (error) {
        // Aliases of aliases that would expand exponentially (a "billion laughs" file): refused, not expanded.
        problems.push({ file, line: 1, column: 1, message: (error as Error).message });
      }
    }
    return new YamlSource(file, document, lines, data, problems);
  }

  /** The node at `path`, or the deepest existing node on the way (a missing property points at its object). */
  private nodeAt(path: readonly PathSegment[]): { node: Node | undefined; keyOf?: Node } {
    let node: Node | undefined = this.document.contents ?? undefined;
    let keyOf: Node | undefined;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (pair === undefined) return { node };
        keyOf = isScalar(pair.key) ? pair.key : undefined;
        node = (pair.value as Node | null) ?? keyOf;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as Node | undefined;
        if (item === undefined) return { node };
        node = item;
        keyOf = undefined;
      } else {
        return { node };
      }
    }
    return { node, ...(keyOf === undefined ? {} : { keyOf }) };
  }

  /** A problem at `path`; `atKey` points at the property's name rather than its value (an unknown property). */
  problemAt(path: readonly PathSegment[], message: string, atKey = false): ModelProblem {
    const { node, keyOf } = this.nodeAt(path);
    const target = atKey && keyOf !== undefined ? keyOf : node;
    const offset = target?.range?.[0] ?? 0;
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, column: col, message };
  }
}

/** `/tables/0/columns/3` → `['tables', 0, 'columns', 3]` (JSON Pointer, RFC 6901). */
export function pointerPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** `pages[1].visuals[3].dataRoles.values[0]` → `['pages', 1, 'visuals', 3, 'dataRoles', 'values', 0]`. */
export function dottedPath(text: string): PathSegment[] {
  const path: PathSegment[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) path.push(Number(match[2]));
    else if (match[1] !== undefined) path.push(match[1]);
  }
  return path;
}
