/**
 * llm-do's legacy (2025) `.worker` bodies are Jinja templates with two helpers
 * that matter: `{{ file('X') }}` (the file's text, as is) and
 * `{% include 'X' %}` (the file, itself expanded). `{# … #}` is a comment.
 * This expands exactly those with a linear scanner — no regular expression,
 * no backtracking — under bounds: include depth, total size, cycles.
 *
 * Where a file is looked for: the worker's folder, then its `templates/`
 * folder; a path that climbs out of the folder searched is not looked up. Any other `{{ … }}`
 * or `{% … %}` is left as written (Workerbench evaluates no other Jinja), with
 * a warning so the author knows. Every problem is reported at the tag in the
 * worker file (an offset into the body), also for a tag inside an included file.
 *
 * Pure: files are read through `readText`; lib/project supplies it.
 */

export const MAX_TEMPLATE_DEPTH = 8;
/** The expanded instructions may be at most this long (characters), like a worker file. */
export const MAX_EXPANDED_CHARACTERS = 1024 * 1024;

export interface TemplateProblem {
  /** Offset of the tag in the body (the outermost tag that led to the problem). */
  offset: number;
  length: number;
  code: 'template-file-missing' | 'template-cycle' | 'template-too-deep' | 'template-too-large' | 'template-unsupported' | 'template-unclosed';
  severity: 'error' | 'warning';
  message: string;
}

export interface TemplateExpansion {
  text: string;
  problems: TemplateProblem[];
  /** Project-relative paths of the files read, in order. */
  files: string[];
  /** The body had a tag that was expanded or dropped. */
  changed: boolean;
}

export interface TemplateSource {
  /** Project-relative path of the worker file. */
  workerPath: string;
  /** Project-relative path → text, or undefined when there is no such file. */
  readText(path: string): string | undefined;
}

/** True when llm-do would render the body at all. */
export function hasTemplateSyntax(body: string): boolean {
  return body.includes('{{') || body.includes('{%') || body.includes('{#');
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Joins and normalises; null when the path is absolute or climbs out of `folder` (llm-do skips such paths). */
function joinInside(folder: string, relative: string): string | null {
  if (relative.startsWith('/') || relative.startsWith('~') || relative.includes('\\')) return null;
  const base = folder === '' ? [] : folder.split('/');
  const parts = [...base];
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length <= base.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === base.length ? null : parts.join('/');
}

type Directive = { kind: 'file' | 'include'; path: string } | { kind: 'other' };

const isSpace = (character: string | undefined) => character === ' ' || character === '\t' || character === '\n' || character === '\r';

/** Reads `name ( 'path' )` or `name 'path'` from a tag's inside; linear, one pass. */
function readDirective(inside: string, tag: '{{' | '{%'): Directive {
  let index = 0;
  const skipSpace = () => {
    while (isSpace(inside[index])) index += 1;
  };
  // Jinja's whitespace control markers (`{{-`, `-}}`) change no meaning here.
  let end = inside.length;
  if (inside[end - 1] === '-') end -= 1;
  if (inside[0] === '-') index = 1;
  skipSpace();
  const word = tag === '{{' ? 'file' : 'include';
  if (!inside.startsWith(word, index)) return { kind: 'other' };
  index += word.length;
  const afterWord = index;
  skipSpace();
  const call = tag === '{{';
  if (call) {
    if (inside[index] !== '(') return { kind: 'other' };
    index += 1;
    skipSpace();
  } else if (index === afterWord) return { kind: 'other' };
  const quote = inside[index];
  if (quote !== "'" && quote !== '"') return { kind: 'other' };
  const close = inside.indexOf(quote, index + 1);
  if (close === -1 || close >= end) return { kind: 'other' };
  const path = inside.slice(index + 1, close);
  index = close + 1;
  skipSpace();
  if (call) {
    if (inside[index] !== ')') return { kind: 'other' };
    index += 1;
    skipSpace();
  }
  return index === end && path !== '' ? { kind: tag === '{{' ? 'file' : 'include', path } : { kind: 'other' };
}

const CLOSERS: Record<string, string> = { '{{': '}}', '{%': '%}', '{#': '#}' };

interface Frame {
  /** Files being included, outermost first, for cycle detection and messages. */
  chain: string[];
  /** Offset and length of the outermost tag in the worker's body; undefined while scanning the body itself. */
  origin?: { offset: number; length: number };
}

export interface ReportOptions {
  frame: Frame;
  offset: number;
  length: number;
  code: TemplateProblem['code'];
  severity: TemplateProblem['severity'];
  message: string;
}

export function expandTemplates(body: string, source: TemplateSource): TemplateExpansion {
  const problems: TemplateProblem[] = [];
  const files: string[] = [];
  const folder = folderOf(source.workerPath);
  let changed = false;
  let size = 0;
  let tooLarge = false;

  const locate = (path: string): string | undefined => {
    for (const base of [folder, folder === '' ? 'templates' : `${folder}/templates`]) {
      const resolved = joinInside(base, path);
      if (resolved !== null && source.readText(resolved) !== undefined) return resolved;
    }
    return undefined;
  };

  const scan = (text: string, frame: Frame, depth: number): string => {
    const out: string[] = [];
    const append = (piece: string) => {
      if (tooLarge) return;
      size += piece.length;
      if (size > MAX_EXPANDED_CHARACTERS) {
        tooLarge = true;
        report({ frame, offset: 0, length: 2, code: 'template-too-large', severity: 'error', message: `The expanded instructions are over ${MAX_EXPANDED_CHARACTERS} characters; the included files are too large` });
        return;
      }
      out.push(piece);
    };
    let position = 0;
    while (position < text.length && !tooLarge) {
      const open = text.indexOf('{', position);
      if (open === -1) break;
      const tag = text.slice(open, open + 2);
      const closer = CLOSERS[tag];
      if (closer === undefined) {
        append(text.slice(position, open + 1));
        position = open + 1;
        continue;
      }
      append(text.slice(position, open));
      const closeAt = text.indexOf(closer, open + 2);
      if (closeAt === -1) {
        report({ frame, offset: open, length: 2, code: 'template-unclosed', severity: 'warning', message: `"${tag}" is never closed by "${closer}"; the rest is kept as written` });
        append(text.slice(open));
        position = text.length;
        break;
      }
      const end = closeAt + 2;
      const inside = text.slice(open + 2, closeAt);
      position = end;
      if (tag === '{#') {
        changed = true;
        continue;
      }
      const directive = readDirective(inside, tag as '{{' | '{%');
      if (directive.kind === 'other') {
        report({ frame, offset: open, length: end - open, code: 'template-unsupported', severity: 'warning', message: `"${text.slice(open, Math.min(end, open + 60))}" is a template expression Workerbench does not evaluate (only file('…') and include '…'); it is kept as written` });
        append(text.slice(open, end));
        continue;
      }
      changed = true;
      const found = locate(directive.path);
      if (found === undefined) {
        const where = folder === '' ? 'the project root and templates/' : `${folder}/ and ${folder}/templates/`;
        report({ frame, offset: open, length: end - open, code: 'template-file-missing', severity: 'error', message: `${directive.kind === 'file' ? 'file' : 'include'} "${directive.path}": no such file in ${where}${viaChain(frame)}` });
        continue;
      }
      files.push(found);
      const content = source.readText(found) ?? '';
      if (directive.kind === 'file') {
        append(content);
        continue;
      }
      if (frame.chain.includes(found)) {
        report({ frame, offset: open, length: end - open, code: 'template-cycle', severity: 'error', message: `include "${directive.path}" includes itself: ${[...frame.chain, found].join(' → ')}` });
        continue;
      }
      if (depth >= MAX_TEMPLATE_DEPTH) {
        report({ frame, offset: open, length: end - open, code: 'template-too-deep', severity: 'error', message: `include "${directive.path}" nests more than ${MAX_TEMPLATE_DEPTH} includes deep` });
        continue;
      }
      const child: Frame = { chain: [...frame.chain, found], origin: frame.origin ?? { offset: open, length: end - open } };
      append(scan(content, child, depth + 1));
    }
    if (position < text.length && !tooLarge) append(text.slice(position));
    return out.join('');
  };

  const report = ({ frame, offset, length, code, severity, message }: ReportOptions) => {
    const at = frame.origin ?? { offset, length };
    problems.push({ ...at, code, severity, message });
  };

  const viaChain = (frame: Frame) => (frame.chain.length === 0 ? '' : ` (included through ${frame.chain.join(' → ')})`);

  const text = scan(body, { chain: [] }, 0);
  return { text: tooLarge ? body : text, problems, files, changed };
}
