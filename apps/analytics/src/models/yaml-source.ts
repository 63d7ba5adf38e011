/**
 * A YAML file parsed with its positions kept, so a problem found anywhere (a YAML syntax error, a schema error at a
 * JSON path, a report field its model lacks) is reported as `file:line:column`.
 */
import { CST, isMap, isScalar, isSeq, LineCounter, parseDocument, Parser } from 'yaml';
import type { YAMLError } from 'yaml';
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
    const problems = syntaxProblems(file, text, document.errors, lines);
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

/** An opening `{` or `[` whose flow collection has no closing bracket. */
interface UnclosedFlow {
  readonly offset: number;
  readonly bracket: '{' | '[';
}

/** Every flow collection of `text` that is never closed, by its opening bracket (the yaml package's own CST). */
function unclosedFlows(text: string): UnclosedFlow[] {
  const found: UnclosedFlow[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, ({ key, value }) => {
      for (const node of [key, value]) {
        if (node?.type !== 'flow-collection') continue;
        const bracket = node.start.source === '{' ? '{' : '[';
        // The same test the composer makes before it reports the collection unended.
        if (node.end[0]?.source !== (bracket === '{' ? '}' : ']'))
          found.push({ offset: node.start.offset, bracket });
      }
    });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * The parser's errors as problems at the place a reader should look. The parser finds an unclosed `{` or `[` only
 * where the block goes on without it (the next line, or the end of the file), so that error points at the bracket
 * that opened it instead, and says where its end was missed.
 */
function syntaxProblems(
  file: string,
  text: string,
  errors: readonly YAMLError[],
  lines: LineCounter,
): ModelProblem[] {
  const unended = (error: YAMLError) =>
    /^Flow (map|sequence) .*end with a ([}\]])$/.exec(error.message.split('\n')[0] ?? '');
  const unclosed = errors.some((error) => unended(error) !== null) ? unclosedFlows(text) : [];
  return errors.map((error) => {
    const at = lines.linePos(error.pos[0]);
    const flow = unended(error);
    const bracket = flow?.[1] === 'map' ? '{' : '[';
    // The innermost collection of that kind opened before the error that no earlier error claimed.
    const opened =
      flow === null ? -1 : unclosed.findLastIndex((u) => u.bracket === bracket && u.offset < error.pos[0]);
    const start = unclosed[opened];
    if (flow === null || start === undefined) {
      return { file, line: at.line, column: at.col, message: error.message.split('\n')[0] ?? error.code };
    }
    unclosed.splice(opened, 1);
    const { line, col } = lines.linePos(start.offset);
    const where = error.pos[0] >= text.length ? 'the end of the file' : `line ${at.line}, column ${at.col}`;
    const name = flow[1] === 'map' ? 'flow mapping' : 'flow sequence';
    return {
      file,
      line,
      column: col,
      message: `this ${bracket} is never closed: the ${name} needs a ${flow[2] ?? ''} before ${where}`,
    };
  });
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
