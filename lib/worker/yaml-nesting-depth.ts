/**
 * How deep a YAML text nests, found in one pass over its characters with no
 * recursion, before the yaml library sees it. The library bounds aliases (the
 * parser's maxAliasCount) and Workerbench bounds a worker file's size, but its
 * composer and toJS recurse once per level: a frontmatter of 20,000 nested
 * `[` (40 KB) overflows the stack. A text deeper than the limit is refused
 * here with the line where it passed the limit.
 *
 * The count is an upper bound of the real nesting, never below it: flow
 * brackets outside quotes and comments, plus the block levels of the line
 * (indentation steps and leading `- ` / `? ` indicators). Lines of a block
 * scalar (`|`, `>`) are text and are skipped.
 */
export interface YamlDepthProblem {
  /** 1-based line of the text where the nesting passed the limit. */
  line: number;
  depth: number;
}

export function yamlNestingProblem(text: string, maxDepth: number): YamlDepthProblem | null {
  // Indentation of each open block level (a monotonic stack: memory is bounded by maxDepth, we stop past it).
  const indents: number[] = [];
  let flowDepth = 0;
  let quote: '"' | "'" | null = null;
  // A block scalar's lines are those indented more than the line that opened it.
  let blockScalarIndent: number | null = null;
  let line = 0;
  for (let lineStart = 0; lineStart <= text.length; ) {
    line += 1;
    const lineBreak = text.indexOf('\n', lineStart);
    const lineEnd = lineBreak === -1 ? text.length : lineBreak;
    let column = lineStart;
    while (column < lineEnd && (text[column] === ' ' || text[column] === '\t')) column += 1;
    const indent = column - lineStart;
    const blank = column >= lineEnd || text[column] === '#' || text[column] === '\r';
    if (blockScalarIndent !== null && (blank || indent > blockScalarIndent)) {
      lineStart = lineEnd + 1;
      continue;
    }
    blockScalarIndent = null;
    if (!blank && flowDepth === 0 && quote === null) {
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      // Compact nesting: "- - - x" opens a level per indicator on one line.
      while (column + 1 < lineEnd && (text[column] === '-' || text[column] === '?') && (text[column + 1] === ' ' || text[column + 1] === '\t')) {
        column += 2;
        while (column < lineEnd && (text[column] === ' ' || text[column] === '\t')) column += 1;
        indents.push(column - lineStart);
      }
    }
    for (; column < lineEnd; column += 1) {
      const character = text[column]!;
      if (quote !== null) {
        if (quote === '"' && character === '\\') column += 1;
        else if (character === quote) quote = null;
        continue;
      }
      if (character === '#' && (column === lineStart || text[column - 1] === ' ' || text[column - 1] === '\t')) break;
      if (character === '"' || character === "'") {
        // A quote opens a quoted scalar only where a scalar starts (not inside a plain word like it's).
        const before = text[column - 1];
        if (column === lineStart || before === ' ' || before === '\t' || before === '[' || before === '{' || before === ',' || before === ':') quote = character;
      } else if (character === '[' || character === '{') {
        flowDepth += 1;
        if (indents.length + flowDepth > maxDepth) return { line, depth: indents.length + flowDepth };
      } else if ((character === ']' || character === '}') && flowDepth > 0) flowDepth -= 1;
    }
    if (indents.length + flowDepth > maxDepth) return { line, depth: indents.length + flowDepth };
    // "key: |", "key: >-", "- |2": the lines after it, indented more, are text.
    if (quote === null && flowDepth === 0 && BLOCK_SCALAR_HEADER.test(text.slice(Math.max(lineStart, lineEnd - 40), lineEnd))) blockScalarIndent = indent;
    lineStart = lineEnd + 1;
  }
  return null;
}

/** The end of a line that opens a block scalar: an indicator after a space, colon or dash, then only chomping, indent digits or a comment. */
const BLOCK_SCALAR_HEADER = /(^|[\s:-])[|>][-+0-9]*[ \t]*(#.*)?\r?$/;
