import { formatBytes } from '@/lib/text/format-bytes';
import { LineCounter, parseDocument, type YAMLError } from 'yaml';
import { diagnosticAt, type Diagnostic, type DiagnosticSeverity } from '@/lib/worker/diagnostic';
import { diagnosticsFromIssues, describeValue } from '@/lib/worker/schema-issue-diagnostics';
import type { AgentReference, Report } from '@/lib/worker/llm-do-toolsets';
import { isAgentFile, normalizeLlmDoFrontmatter, type LlmDoFrontmatter } from '@/lib/worker/llm-do-frontmatter';
import { workerFrontmatterSchema, type WorkerDefinition, type WorkerFrontmatter } from '@/lib/worker/worker-schema';
import { createSourceMap, type SourceMap, type SourceRange } from '@/lib/worker/yaml-source-map';
import { errorMessage } from '@/lib/errors/error-message';
import { yamlNestingProblem } from '@/lib/worker/yaml-nesting-depth';

/**
 * Parses a `.worker` file: YAML frontmatter between `---` lines, then the
 * markdown instructions. It never throws: every problem becomes a diagnostic
 * with the position of the key or value at fault, so the editor can show it.
 */

/** Larger files are refused before parsing: a worker is instructions, not data. */
export const MAX_WORKER_FILE_BYTES = 1024 * 1024;
/** YAML aliases can expand exponentially ("billion laughs"); cap them. */
const MAX_ALIAS_COUNT = 100;
/** The yaml library recurses once per level; deeper frontmatter is refused before it parses (yaml-nesting-depth.ts). */
export const MAX_FRONTMATTER_DEPTH = 64; // the depth untrusted JSON is held to (lib/security/bounded-json.ts)

export interface ParsedWorkerFile {
  /** Present only when the file has no error diagnostics. */
  definition?: WorkerDefinition;
  /** The frontmatter as plain data after tolerant normalisation, when it was a mapping. */
  frontmatter?: Record<string, unknown>;
  /** The YAML text between the fences (without them). */
  frontmatterText: string;
  /** Everything after the closing fence line, byte-identical. */
  body: string;
  /** Character offset of the body in the text. */
  bodyOffset: number;
  /** Character offset of the frontmatter text in the file. */
  frontmatterOffset: number;
  diagnostics: Diagnostic[];
  /** llm-do `toolsets` list entries read as agent names; the project checks they are. */
  agentReferences?: AgentReference[];
  /** Locates frontmatter paths (e.g. ["toolsets","workers","allowed_workers",0]) in the file; absent when YAML did not parse. */
  sourceMap?: SourceMap;
}

export interface FrontmatterSplit {
  /** The fences were found. */
  found: boolean;
  /** An opening fence without a closing one. */
  unclosed: boolean;
  frontmatterText: string;
  frontmatterOffset: number;
  body: string;
  bodyOffset: number;
  /** Line break used by the opening fence, reused when writing. */
  lineBreak: '\n' | '\r\n';
}

const FENCE = /^---[ \t]*$/;

/** Finds the `---` fences. A leading byte-order mark is tolerated. */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const firstBreak = text.indexOf('\n', start);
  const firstLineEnd = firstBreak === -1 ? text.length : firstBreak;
  const firstLine = text.slice(start, firstLineEnd).replace(/\r$/, '');
  const lineBreak: '\n' | '\r\n' = firstBreak > 0 && text[firstBreak - 1] === '\r' ? '\r\n' : '\n';
  if (!FENCE.test(firstLine)) {
    return { found: false, unclosed: false, frontmatterText: '', frontmatterOffset: 0, body: text, bodyOffset: 0, lineBreak };
  }
  const frontmatterOffset = firstBreak === -1 ? text.length : firstBreak + 1;
  let lineStart = frontmatterOffset;
  while (lineStart < text.length) {
    const nextBreak = text.indexOf('\n', lineStart);
    const lineEnd = nextBreak === -1 ? text.length : nextBreak;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (FENCE.test(line)) {
      const bodyOffset = nextBreak === -1 ? text.length : nextBreak + 1;
      return {
        found: true,
        unclosed: false,
        frontmatterText: text.slice(frontmatterOffset, lineStart),
        frontmatterOffset,
        body: text.slice(bodyOffset),
        bodyOffset,
        lineBreak,
      };
    }
    if (nextBreak === -1) break;
    lineStart = nextBreak + 1;
  }
  return {
    found: false,
    unclosed: true,
    frontmatterText: text.slice(frontmatterOffset),
    frontmatterOffset,
    body: '',
    bodyOffset: text.length,
    lineBreak,
  };
}

/** UTF-8 size without allocating when the answer is obvious. */
export function utf8ByteLength(text: string): number {
  // Every UTF-16 unit is at least one byte, so a long string is over the limit without encoding it.
  if (text.length > MAX_WORKER_FILE_BYTES) return text.length;
  return new TextEncoder().encode(text).byteLength;
}


const firstLineRange = (length: number): SourceRange => ({ line: 1, column: 1, endLine: 1, endColumn: Math.max(1, length) + 1 });

/**
 * The yaml library reports an unclosed quote or bracket at the end of the
 * text, which here is the closing fence; point at the opening character instead.
 */
export function errorOffsets(error: YAMLError, text: string): [number, number] {
  const [start, end] = error.pos;
  const contentEnd = text.trimEnd().length;
  if (start < contentEnd) return [start, end];
  const opener = /quote/i.test(error.message) ? /["'][^"']*$/ : /[\]}]/.test(error.message) ? /[[{][^[{]*$/ : null;
  const match = opener?.exec(text.slice(0, contentEnd));
  if (match) return [match.index, match.index + 1];
  const lastLineStart = text.lastIndexOf('\n', Math.max(0, contentEnd - 1)) + 1;
  return [lastLineStart, contentEnd];
}

interface YamlErrorDiagnosticOptions {
  file: string;
  error: YAMLError;
  sourceMap: SourceMap;
  severity: DiagnosticSeverity;
  text: string;
}

function yamlErrorDiagnostic({ file, error, sourceMap, severity, text }: YamlErrorDiagnosticOptions): Diagnostic {
  const [start, end] = errorOffsets(error, text);
  const code = error.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'yaml-syntax';
  // The yaml library appends a code excerpt after the first line; keep the sentence.
  const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return diagnosticAt({ file, range: sourceMap.rangeOfOffsets(start, end), code, message: `YAML: ${message}`, severity });
}

/**
 * Accepts older or looser spellings the seeds, hand-written files and llm-do
 * projects use, and rewrites them to the canonical shape before validation:
 * - llm-do's keys and toolset forms (see llm-do-frontmatter.ts);
 * - a toolset written with no value (`filesystem:`) means `{}`;
 * - `toolsets` as a list of names means each toolset with default settings;
 * - `allowed_workers:` with no value means an empty list;
 * - a suffix without its dot (`pdf`) means `.pdf` (warned).
 */
function normalizeFrontmatter(
  raw: Record<string, unknown>,
  filePath: string,
  report: Report,
): LlmDoFrontmatter {
  const normalized = normalizeLlmDoFrontmatter(raw, isAgentFile(filePath), report);
  const data = normalized.data;
  const policy = data.attachment_policy;
  if (policy === null) data.attachment_policy = {};
  else if (policy && typeof policy === 'object' && !Array.isArray(policy)) {
    const copy = { ...(policy as Record<string, unknown>) };
    for (const key of ['allowed_suffixes', 'denied_suffixes']) {
      const list = copy[key];
      if (!Array.isArray(list)) continue;
      copy[key] = list.map((suffix, index) => {
        if (typeof suffix === 'string' && /^[A-Za-z0-9]+$/.test(suffix)) {
          report({ path: ['attachment_policy', key, index], code: 'suffix-without-dot', message: `Suffix "${suffix}" has no leading dot; read as ".${suffix}"`, severity: 'warning' });
          return `.${suffix}`;
        }
        return suffix;
      });
    }
    data.attachment_policy = copy;
  }
  return normalized;
}

export function parseWorkerFile(text: string, filePath: string): ParsedWorkerFile {
  try {
    const result = parseWorkerFileUnsorted(text, filePath);
    result.diagnostics.sort(compareDiagnostics);
    return result;
  } catch (error) {
    // Safety net for the promise "never throws": a bug here must not take the editor down.
    return {
      frontmatterText: '',
      body: typeof text === 'string' ? text : '',
      bodyOffset: 0,
      frontmatterOffset: 0,
      diagnostics: [
        diagnosticAt({ file: filePath, range: firstLineRange(1), code: 'internal-error', message: `The worker file could not be checked: ${errorMessage(error)}` }),
      ],
    };
  }
}

function parseWorkerFileUnsorted(text: string, filePath: string): ParsedWorkerFile {
  const diagnostics: Diagnostic[] = [];
  const empty = (): ParsedWorkerFile => ({ frontmatterText: '', body: text, bodyOffset: 0, frontmatterOffset: 0, diagnostics });

  if (typeof text !== 'string') {
    diagnostics.push(diagnosticAt({ file: filePath, range: firstLineRange(1), code: 'unreadable-file', message: 'The worker file is not text' }));
    return { frontmatterText: '', body: '', bodyOffset: 0, frontmatterOffset: 0, diagnostics };
  }
  const bytes = utf8ByteLength(text);
  if (bytes > MAX_WORKER_FILE_BYTES) {
    diagnostics.push(
      diagnosticAt(
        { file: filePath, range: firstLineRange(1), code: 'file-too-large', message: `The worker file is ${formatBytes(bytes)}, over the limit of ${formatBytes(MAX_WORKER_FILE_BYTES)}; it was not parsed` },
      ),
    );
    return empty();
  }

  const split = splitFrontmatter(text);
  if (!split.found && !split.unclosed) {
    diagnostics.push(
      diagnosticAt(
        { file: filePath, range: firstLineRange(text.split('\n', 1)[0]!.length), code: 'missing-frontmatter', message: 'A worker file must start with a "---" line, then YAML frontmatter (at least "name:"), then a closing "---" line' },
      ),
    );
    return empty();
  }
  if (split.unclosed) {
    diagnostics.push(
      diagnosticAt({ file: filePath, range: firstLineRange(3), code: 'unclosed-frontmatter', message: 'The frontmatter opened by "---" on line 1 is never closed by a "---" line' }),
    );
    return { ...empty(), frontmatterText: split.frontmatterText, frontmatterOffset: split.frontmatterOffset, body: '', bodyOffset: text.length };
  }

  const result: ParsedWorkerFile = {
    frontmatterText: split.frontmatterText,
    frontmatterOffset: split.frontmatterOffset,
    body: split.body,
    bodyOffset: split.bodyOffset,
    diagnostics,
  };

  const tooDeep = yamlNestingProblem(split.frontmatterText, MAX_FRONTMATTER_DEPTH);
  if (tooDeep !== null) {
    const line = tooDeep.line + 1; // the opening fence is line 1
    diagnostics.push(
      diagnosticAt({
        file: filePath,
        range: { line, column: 1, endLine: line, endColumn: 2 },
        code: 'frontmatter-too-deep',
        message: `The frontmatter nests deeper than ${MAX_FRONTMATTER_DEPTH} levels (line ${line}); it was not parsed`,
      }),
    );
    return result;
  }

  const lineCounter = new LineCounter();
  let document;
  try {
    document = parseDocument(split.frontmatterText, { lineCounter, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    diagnostics.push(diagnosticAt({ file: filePath, range: { line: 2, column: 1, endLine: 2, endColumn: 2 }, code: 'yaml-syntax', message: `YAML: ${String(error)}` }));
    return result;
  }
  const sourceMap = createSourceMap(document, lineCounter, { lineOffset: 1, textLength: split.frontmatterText.length });
  result.sourceMap = sourceMap;
  const fenceRange = firstLineRange(3);

  for (const error of document.errors) diagnostics.push(yamlErrorDiagnostic({ file: filePath, error, sourceMap, severity: 'error', text: split.frontmatterText }));
  for (const warning of document.warnings) diagnostics.push(yamlErrorDiagnostic({ file: filePath, error: warning, sourceMap, severity: 'warning', text: split.frontmatterText }));
  if (document.errors.length > 0) return result;

  let raw: unknown;
  try {
    raw = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    diagnostics.push(diagnosticAt({ file: filePath, range: sourceMap.start, code: 'yaml-syntax', message: `YAML: ${errorMessage(error)}` }));
    return result;
  }

  if (raw === null || raw === undefined) {
    diagnostics.push(diagnosticAt({ file: filePath, range: fenceRange, code: 'missing-field', message: 'The frontmatter is empty; it needs at least "name:"' }));
    return result;
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    diagnostics.push(
      diagnosticAt(
        { file: filePath, range: sourceMap.locate([]), code: 'frontmatter-not-mapping', message: `The frontmatter must be a mapping of keys (like "name: my_worker"), but it is ${describeValue(raw)}` },
      ),
    );
    return result;
  }

  const normalized = normalizeFrontmatter(raw as Record<string, unknown>, filePath, ({ path, code, message, severity, part }) => {
    diagnostics.push(diagnosticAt({ file: filePath, range: sourceMap.locate(path, part), code, message, severity }));
  });
  const data = normalized.data;
  result.frontmatter = data;
  if (normalized.agentReferences.length > 0) result.agentReferences = normalized.agentReferences;

  const parsed = workerFrontmatterSchema.safeParse(data);
  if (!parsed.success) {
    const issueDiagnostics = diagnosticsFromIssues(parsed.error.issues, {
      file: filePath,
      data,
      sourceMap,
      schema: workerFrontmatterSchema,
      subject: 'frontmatter',
    });
    for (const entry of issueDiagnostics) {
      // Missing name has no node: point at the opening fence, where a user looks first.
      if (entry.code === 'missing-field' && entry.line === sourceMap.start.line && entry.column === 1) Object.assign(entry, fenceRange);
      if (entry.code === 'invalid-value' && /^"name"/.test(entry.message)) entry.code = 'invalid-name';
      diagnostics.push(entry);
    }
  } else {
    diagnostics.push(...conflictDiagnostics(parsed.data, filePath, sourceMap));
  }

  if (parsed.success && !diagnostics.some((entry) => entry.severity === 'error')) {
    // llm-do's legacy `instructions:` key stands in for an empty body (llm-do's own rule).
    const instructions = split.body.trim() === '' && normalized.instructions !== undefined ? normalized.instructions : split.body;
    result.definition = { ...parsed.data, instructions, path: filePath, ...(normalized.toolNames === undefined ? {} : { toolNames: normalized.toolNames }) };
  }
  return result;
}

/** Both inline and referenced schema: the runtime could not know which one is meant, so it is an error. */
function conflictDiagnostics(frontmatter: WorkerFrontmatter, file: string, sourceMap: SourceMap): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const kind of ['input', 'output'] as const) {
    if (frontmatter[`${kind}_schema`] !== undefined && frontmatter[`${kind}_schema_ref`] !== undefined) {
      diagnostics.push(
        diagnosticAt(
          { file, range: sourceMap.locate([`${kind}_schema_ref`], 'key'), code: 'schema-conflict', message: `Both "${kind}_schema" and "${kind}_schema_ref" are set; keep only one` },
        ),
      );
    }
  }
  return diagnostics;
}

export function compareDiagnostics(left: Diagnostic, right: Diagnostic): number {
  return left.file.localeCompare(right.file) || left.line - right.line || left.column - right.column;
}
