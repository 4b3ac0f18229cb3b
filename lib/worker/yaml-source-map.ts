import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';

/**
 * Maps paths inside a parsed YAML (or JSON) document back to 1-based editor
 * positions. Frontmatter is parsed on its own, so positions are shifted by the
 * lines that precede it in the file.
 */
export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export type PathSegment = string | number;

export interface SourceMap {
  /** Range of the value at `path` (or of its key when `part` is "key"); falls back to the nearest existing ancestor. */
  locate(path: readonly PathSegment[], part?: 'key' | 'value'): SourceRange;
  /** Range of a character offset span inside the parsed text. */
  rangeOfOffsets(start: number, end: number): SourceRange;
  /** True when every segment of `path` exists in the document. */
  has(path: readonly PathSegment[]): boolean;
  /** Range used for problems of the document as a whole (its first line). */
  start: SourceRange;
}

interface Located {
  key?: Node;
  value?: Node;
}

function findPair(map: Node, segment: PathSegment): Pair | undefined {
  if (!isMap(map)) return undefined;
  return map.items.find((pair) => {
    const key = pair.key;
    const keyValue = isScalar(key) ? key.value : key;
    return keyValue === segment || String(keyValue) === String(segment);
  });
}

function walk(root: Node | null | undefined, path: readonly PathSegment[]): { found: Located; depth: number } {
  let current: Located = { value: root ?? undefined };
  let depth = 0;
  for (const segment of path) {
    const node = current.value;
    if (!node) break;
    if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (!item || !(item as Node).range) break;
      current = { value: item as Node };
    } else if (isSeq(node)) {
      // A list normalised into a mapping (e.g. `toolsets: [filesystem]`): find the item by its text.
      const item = node.items.find((entry) => isScalar(entry) && String(entry.value) === segment);
      if (!item) break;
      current = { key: item as Node, value: item as Node };
    } else if (isMap(node)) {
      const pair = findPair(node, segment);
      if (!pair || !isPair(pair)) break;
      const key = pair.key as Node | undefined;
      const value = pair.value as Node | undefined;
      // `name:` with nothing after it has an empty null scalar: locate the key instead.
      const empty = !value || !value.range || (isScalar(value) && value.value === null && value.range[0] === value.range[1]);
      current = { key, value: empty ? undefined : value };
      // A key with no value (`name:`) still locates at the key.
      if (!current.value) {
        depth += 1;
        return { found: { key, value: key }, depth };
      }
    } else {
      break;
    }
    depth += 1;
  }
  return { found: current, depth };
}

export function createSourceMap(
  document: Document.Parsed | Document,
  lineCounter: LineCounter,
  options: { lineOffset: number; textLength: number },
): SourceMap {
  const toPosition = (offset: number) => {
    const clamped = Math.max(0, Math.min(offset, options.textLength));
    const position = lineCounter.linePos(clamped);
    return { line: position.line + options.lineOffset, column: position.col };
  };
  const rangeOfOffsets = (start: number, end: number): SourceRange => {
    const from = toPosition(start);
    const to = toPosition(Math.max(end, start + 1));
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };
  const start: SourceRange = {
    line: 1 + options.lineOffset,
    column: 1,
    endLine: 1 + options.lineOffset,
    endColumn: 1,
  };
  const rangeOfNode = (node: Node | undefined): SourceRange | undefined => {
    if (!node?.range) return undefined;
    return rangeOfOffsets(node.range[0], node.range[1]);
  };
  return {
    start,
    rangeOfOffsets,
    has(path) {
      return walk(document.contents as Node | null, path).depth === path.length;
    },
    locate(path, part = 'value') {
      const { found } = walk(document.contents as Node | null, path);
      const node = part === 'key' ? (found.key ?? found.value) : (found.value ?? found.key);
      return rangeOfNode(node) ?? start;
    },
  };
}
