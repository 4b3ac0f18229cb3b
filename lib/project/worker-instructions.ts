import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { ParsedWorkerFile } from '@/lib/worker/parse-worker-file';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { isAgentFile } from '@/lib/worker/llm-do-frontmatter';
import type { SourceRange } from '@/lib/worker/yaml-source-map';
import { expandTemplates, hasTemplateSyntax, type TemplateProblem } from '@/lib/worker/worker-templates';

/**
 * A `.worker` file's instructions with llm-do's legacy templates expanded
 * (lib/worker/worker-templates.ts), as the model will get them, and every
 * template problem as a diagnostic located at its tag in the file. HEAD's
 * `.agent` files have no templating in llm-do, so their bodies stay as written.
 * A template error (a missing file, a cycle) leaves the worker without a
 * definition, as any error in its file does.
 */
export interface WorkerInstructions {
  definition?: WorkerDefinition;
  diagnostics: Diagnostic[];
  /** Templates were expanded: the instructions differ from the file's body. */
  expanded: boolean;
}

/** 1-based line and column of each end of [start, end) in `text`. */
export function rangeOfOffsets(text: string, start: number, end: number): SourceRange {
  const position = (offset: number) => {
    let line = 1;
    let lineStart = 0;
    for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
      line += 1;
      lineStart = index + 1;
    }
    return { line, column: offset - lineStart + 1 };
  };
  const from = position(start);
  const to = position(end);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

export interface WorkerInstructionsOptions {
  parsed: ParsedWorkerFile;
  fileText: string;
  path: string;
  readText: (path: string) => string | undefined;
}

export function workerInstructions({ parsed, fileText, path, readText }: WorkerInstructionsOptions): WorkerInstructions {
  const definition = parsed.definition;
  if (definition === undefined || isAgentFile(path) || !hasTemplateSyntax(definition.instructions)) {
    return { ...(definition === undefined ? {} : { definition }), diagnostics: [], expanded: false };
  }
  const expansion = expandTemplates(definition.instructions, { workerPath: path, readText });
  // The legacy `instructions:` key stands in for an empty body: its problems are placed at the key.
  const fromBody = definition.instructions === parsed.body;
  const locate = (problem: TemplateProblem): SourceRange =>
    fromBody
      ? rangeOfOffsets(fileText, parsed.bodyOffset + problem.offset, parsed.bodyOffset + problem.offset + problem.length)
      : (parsed.sourceMap?.locate(['instructions'], 'value') ?? rangeOfOffsets(fileText, 0, 3));
  const diagnostics = expansion.problems.map((problem): Diagnostic => ({ file: path, ...locate(problem), severity: problem.severity, code: problem.code, message: problem.message }));
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics, expanded: false };
  const expanded = { ...definition, instructions: expansion.text, ...(expansion.changed ? { templatesExpanded: true } : {}) };
  return { definition: expanded, diagnostics, expanded: expansion.changed };
}
