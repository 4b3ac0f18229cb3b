import type { DemoAction, DemoConversationState, DemoPlaybook, DemoToolCall, DemoToolResult } from '@/lib/model/demo/demo-types';
import { DEMO_LIMITS } from '@/lib/model/demo/input-limits';
import { quoteBlock } from '@/lib/model/demo/text-helpers';
import { argumentsFor, findTool, pickProperty } from '@/lib/model/demo/tool-arguments';

/** One imperative the demo understands in the user input. */
export type FileDirective =
  | { kind: 'write'; path: string; content: string }
  | { kind: 'read'; path: string }
  | { kind: 'list'; path: string };

const TOOL_FOR: Record<FileDirective['kind'], string> = { write: 'write_file', read: 'read_file', list: 'list_files' };

const PATH = String.raw`([^\s,;"'“”]+)`;
const WRITE_PATTERNS = [
  new RegExp(String.raw`\bwrite\s+"([^"]*)"\s+(?:to|into)\s+${PATH}`, 'gi'),
  // Content stops at any curly quote: "write “write “…" must not rescan the rest of the text from each opener.
  new RegExp(String.raw`\bwrite\s+“([^“”]*)”\s+(?:to|into)\s+${PATH}`, 'gi'),
  new RegExp(String.raw`\bwrite\s+'([^']*)'\s+(?:to|into)\s+${PATH}`, 'gi'),
];
const READ_PATTERN = new RegExp(String.raw`\bread\s+(?:the\s+)?(?:file\s+)?${PATH}`, 'gi');
const LIST_PATTERN = new RegExp(String.raw`\blist\s+(?:(?:all\s+|the\s+)?files\s+(?:in|under|matching)\s+|(?:the\s+)?(?:directory|folder)\s+)?${PATH}`, 'gi');
const LIST_STOPWORDS = new Set(['the', 'all', 'files', 'of', 'my', 'them', 'it', 'what', 'everything']);

const TRAILING_PUNCTUATION = new Set(['.', '!', '?', ':', ')']);

/** Drops sentence punctuation after a path (a loop: a regex ending in `[…]+$` rescans long runs). */
function cleanPath(raw: string): string {
  let end = raw.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(raw[end - 1]!)) end -= 1;
  return raw.slice(0, end);
}

/** The folder part before the first wildcard segment: "docs/*.md" → "docs", "*.md" → "". */
function folderBeforeWildcard(path: string): string {
  const wildcard = path.search(/[*?]/);
  if (wildcard === -1) return path;
  const slash = path.lastIndexOf('/', wildcard);
  return slash === -1 ? '' : path.slice(0, slash);
}

/** A read target must look like a file path, so "read this carefully" is not a directive. */
function looksLikeFile(path: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(path) || path.includes('/');
}

/**
 * "list input/" or "list docs, then …" is a directive; "list three ideas" is
 * English. A bare word counts only when the sentence ends or moves on after it.
 */
function isListTarget(path: string, rest: string): boolean {
  if (/[/*?.]/.test(path)) return true;
  return /^\s{0,64}($|[,;.!?\n]|(then|and)\b)/i.test(rest.slice(0, 80));
}

/**
 * Directives in the order they appear; text inside a quoted write is never
 * parsed again. At most DEMO_LIMITS.directives of each kind are collected and
 * over-long paths are ignored, so a flood of directives costs a bounded amount.
 */
export function parseFileDirectives(input: string): FileDirective[] {
  const found: Array<{ start: number; end: number; directive: FileDirective }> = [];
  const overlaps = (start: number, end: number) => found.some((entry) => start < entry.end && end > entry.start);
  const limit = DEMO_LIMITS.directives;
  const usable = (path: string) => path.length > 0 && path.length <= DEMO_LIMITS.pathCharacters;
  for (const pattern of WRITE_PATTERNS) {
    for (const match of input.matchAll(pattern)) {
      if (found.length >= limit) break;
      const start = match.index;
      const end = start + match[0].length;
      const path = cleanPath(match[2] ?? '');
      if (usable(path) && !overlaps(start, end)) found.push({ start, end, directive: { kind: 'write', content: match[1] ?? '', path } });
    }
  }
  const reads = found.length + limit;
  for (const match of input.matchAll(READ_PATTERN)) {
    if (found.length >= reads) break;
    const path = cleanPath(match[1] ?? '');
    const start = match.index;
    const end = start + match[0].length;
    if (usable(path) && looksLikeFile(path) && !overlaps(start, end)) found.push({ start, end, directive: { kind: 'read', path } });
  }
  const lists = found.length + limit;
  for (const match of input.matchAll(LIST_PATTERN)) {
    if (found.length >= lists) break;
    const path = cleanPath(match[1] ?? '');
    const start = match.index;
    const end = start + match[0].length;
    if (usable(path) && !LIST_STOPWORDS.has(path.toLowerCase()) && isListTarget(path, input.slice(end)) && !overlaps(start, end)) {
      found.push({ start, end, directive: { kind: 'list', path } });
    }
  }
  return found.sort((left, right) => left.start - right.start).map((entry) => entry.directive);
}

function callFor(directive: FileDirective, state: DemoConversationState): DemoToolCall | null {
  const tool = findTool(state.tools, TOOL_FOR[directive.kind]);
  if (!tool) return null;
  const schema = tool.inputSchema;
  const pathKey = pickProperty(schema, ['path', 'file_path', 'filePath', 'file', 'filename']);
  switch (directive.kind) {
    case 'write': {
      const contentKey = pickProperty(schema, ['content', 'contents', 'text', 'data', 'body']) ?? 'content';
      return { toolName: tool.name, input: argumentsFor(tool, directive.content, { [pathKey ?? 'path']: directive.path, [contentKey]: directive.content }) };
    }
    case 'read':
      return { toolName: tool.name, input: argumentsFor(tool, directive.path, { [pathKey ?? 'path']: directive.path }) };
    case 'list': {
      const isGlob = /[*?]/.test(directive.path);
      const patternKey = pickProperty(schema, ['pattern', 'glob']);
      const directoryKey = pickProperty(schema, ['path', 'dir', 'directory', 'prefix']);
      const overrides: Record<string, unknown> = {};
      if (patternKey && (isGlob || !directoryKey)) overrides[patternKey] = isGlob ? directive.path : `${directive.path.replace(/\/$/, '')}/*`;
      else if (directoryKey) overrides[directoryKey] = isGlob ? folderBeforeWildcard(directive.path) || '.' : directive.path;
      return { toolName: tool.name, input: argumentsFor(tool, directive.path, overrides) };
    }
  }
}

function describe(directive: FileDirective, result: DemoToolResult | undefined): string {
  const target = directive.path;
  const verb = { write: 'write to', read: 'read of', list: 'listing of' }[directive.kind];
  if (!result) return `I could not run the ${verb} ${target}: this worker has no ${TOOL_FOR[directive.kind]} tool.`;
  if (result.outcome === 'denied') return `The ${verb} ${target} was denied: ${result.text}`;
  if (result.outcome === 'error') return `The ${verb} ${target} failed: ${result.text}`;
  switch (directive.kind) {
    case 'write':
      return `I wrote ${directive.content.length} characters to ${target}.`;
    case 'read':
      return `Contents of ${target}:\n${quoteBlock(result.text)}`;
    case 'list':
      return `Files in ${target}:\n${quoteBlock(result.text)}`;
  }
}

/**
 * "file directives": `write "<content>" to <path>`, `read <path>`, `list <dir>`.
 * One directive per step, in order (a later read may depend on an earlier
 * write); then a report that quotes every result and any denial reason.
 */
export const fileDirectivesPlaybook: DemoPlaybook = {
  name: 'file-directives',
  decide(state: DemoConversationState): DemoAction | null {
    const directives = parseFileDirectives(state.input);
    if (directives.length === 0) return null;
    const runnable = directives.filter((directive) => findTool(state.tools, TOOL_FOR[directive.kind]));
    const fileToolNames = new Set(Object.values(TOOL_FOR));
    const done = state.toolResults.filter((result) => fileToolNames.has(result.toolName));
    const next = runnable[done.length];
    if (next && state.toolCalls.filter((call) => fileToolNames.has(call.toolName)).length === done.length) {
      const call = callFor(next, state);
      if (call) return { toolCalls: [call] };
    }
    let resultIndex = 0;
    const lines = directives.map((directive) => {
      const runs = findTool(state.tools, TOOL_FOR[directive.kind]) !== undefined;
      const result = runs ? done[resultIndex++] : undefined;
      return describe(directive, result);
    });
    return { text: ['[demo] Done.', ...lines].join('\n\n') };
  },
};
