import { mimeTypeForPath } from '@/lib/vfs/mime-type';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { decodeProjectText, isValidUtf8 } from '@/lib/vfs/utf8';
import { walkFiles, type WalkedFile } from '@/lib/vfs/walk-files';
import { matchesPathGlob } from '@/lib/text/glob-match';
import { RunError } from '@/lib/runtime/run-error';
import type { RuntimeTool, Toolset } from '@/lib/runtime/toolsets/toolset';
import { writeFileApproval } from '@/lib/runtime/toolsets/write-file-approval';

/**
 * list_files, read_file and write_file on the project sandbox. Every path is
 * project-relative and goes through the sandbox, which refuses escapes; the
 * tools only add what a model needs: globbing, paging through long files, and
 * a clear refusal for binary files (those are passed to workers as attachments).
 * Reads are pre_approved by default; writes prompt.
 */
export const FILESYSTEM_TOOLSET_NAME = 'filesystem';
export const DEFAULT_READ_MAX_CHARS = 20_000;
/** A page larger than this would make every later model request carry it; the model pages instead. */
export const READ_MAX_CHARS_LIMIT = 200_000;
export const MAX_LISTED_FILES = 500;
export const WRITE_FILE_TOOL_NAME = 'write_file';

interface ListFilesArgs {
  path?: string;
  pattern?: string;
}
interface ReadFileArgs {
  path: string;
  offset?: number;
  max_chars?: number;
}
interface WriteFileArgs {
  path: string;
  content: string;
}

const listFiles: RuntimeTool = {
  name: 'list_files',
  description:
    'List the files below a folder (recursively), optionally filtered by a glob matched relative to that folder, e.g. path "input" with pattern "*.pdf". The paths returned are project-relative (usable as read_file paths and attachments); "base" names the folder the pattern was matched in.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Folder to list, project-relative; "", "." or omitted for the whole project.' },
      pattern: {
        type: 'string',
        description: 'Glob matched against paths relative to `path`: * within a folder, ** across folders, ? one character. Default: every file.',
      },
    },
    additionalProperties: false,
  },
  defaultApproval: 'pre_approved',
  async execute(args, { sandbox }) {
    const { path = '', pattern } = args as ListFilesArgs;
    const folder = normalizeSandboxPath(path);
    const walked = await walkFiles(sandbox, folder);
    const matching = pattern === undefined || pattern === '' ? walked : filesMatching(walked, folder, pattern);
    return {
      base: folder === '' ? '.' : folder,
      paths_relative_to: 'project root',
      files: matching.slice(0, MAX_LISTED_FILES).map((file) => ({ path: folder === '' ? file.path : `${folder}/${file.path}`, size: file.size })),
      total: matching.length,
      truncated: matching.length > MAX_LISTED_FILES,
    };
  },
};

/**
 * llm-do (and every model prompted by its examples) matches the glob relative
 * to the listed folder: list_files("input", "*.pdf"). Workerbench's earlier
 * tool description said project-relative, so a pattern that repeats the folder
 * ("input/*.pdf" under "input") and matches nothing is retried without it.
 */
function filesMatching(walked: readonly WalkedFile[], folder: string, pattern: string): WalkedFile[] {
  const matching = walked.filter((file) => matchesPathGlob(file.path, pattern));
  const repeated = `${folder}/`;
  if (matching.length > 0 || folder === '' || !pattern.startsWith(repeated)) return matching;
  return walked.filter((file) => matchesPathGlob(file.path, pattern.slice(repeated.length)));
}

const readFile: RuntimeTool = {
  name: 'read_file',
  description: `Read a text file of the project. Long files come in pages of at most max_chars characters (default ${DEFAULT_READ_MAX_CHARS}); continue from next_offset. Binary files (PDFs, images) cannot be read here.`,
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Project-relative path, e.g. "notes/summary.md".' },
      offset: { type: 'integer', minimum: 0, description: 'Character offset to start at; default 0.' },
      max_chars: { type: 'integer', minimum: 1, maximum: READ_MAX_CHARS_LIMIT, description: `Most characters to return; default ${DEFAULT_READ_MAX_CHARS}, at most ${READ_MAX_CHARS_LIMIT}.` },
    },
    required: ['path'],
    additionalProperties: false,
  },
  defaultApproval: 'pre_approved',
  async execute(args, { sandbox }) {
    const { path, offset = 0, max_chars: maxChars = DEFAULT_READ_MAX_CHARS } = args as ReadFileArgs;
    const canonical = normalizeSandboxPath(path);
    const bytes = await sandbox.readFile(canonical);
    if (looksBinary(bytes)) {
      throw new RunError(
        'binary_file',
        `${canonical} is a binary file (${mimeTypeForPath(canonical)}, ${bytes.length} bytes) and cannot be read as text; pass it to a worker as an attachment instead.`,
      );
    }
    const text = decodeProjectText(bytes, canonical);
    const content = text.slice(offset, offset + Math.min(maxChars, READ_MAX_CHARS_LIMIT));
    const end = offset + content.length;
    const truncated = end < text.length;
    return {
      path: canonical,
      content,
      offset,
      total_chars: text.length,
      truncated,
      ...(truncated ? { next_offset: end } : {}),
    };
  },
};

const writeFile: RuntimeTool = {
  name: WRITE_FILE_TOOL_NAME,
  description: 'Create or overwrite a text file of the project (missing folders are created).',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Project-relative path, e.g. "reports/summary.md".' },
      content: { type: 'string', description: 'The complete new content of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  defaultApproval: 'prompt',
  approval: writeFileApproval,
  // Writes run in the order the model asked, so two writes to one file end as the model expects.
  sequential: true,
  async execute(args, { sandbox }) {
    const { path, content } = args as WriteFileArgs;
    const canonical = normalizeSandboxPath(path);
    if (canonical === '') throw new RunError('invalid_arguments', 'write_file needs a file path, not the project root.');
    await sandbox.writeFile(canonical, content);
    return { path: canonical, characters: content.length };
  },
};

/** NUL bytes or invalid UTF-8 mean the file is not text. */
function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0) || !isValidUtf8(bytes);
}

export function createFilesystemToolset(): Toolset {
  return { name: FILESYSTEM_TOOLSET_NAME, tools: [listFiles, readFile, writeFile] };
}
