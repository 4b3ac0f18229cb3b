import type { FileSystem } from '@/lib/vfs/file-system';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { decodeUtf8Strict } from '@/lib/vfs/utf8';
import type { ApprovalPresentation } from '@/lib/runtime/toolsets/tool-approval';
import type { ToolApproval } from '@/lib/runtime/toolsets/toolset';
import { argumentsFromFields } from '@/lib/runtime/toolsets/schema-fields-approval';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * write_file's question: where it writes and what, with the new content shown
 * as a diff against the file it would replace. Both path and content can be
 * edited; an edited path is checked as the write will check it.
 */

/** Past this size a file is not loaded into the question: the diff would be unreadable anyway. */
export const MAX_DIFFED_FILE_BYTES = 1024 * 1024;

type CurrentFile =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'not shown'; why: string };

function asWriteArgs(args: unknown): { path: string; content: string } {
  const record = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  return {
    path: typeof record.path === 'string' ? record.path : '',
    content: typeof record.content === 'string' ? record.content : '',
  };
}

/** The sandbox path the write would use, or why it would be refused. */
function targetOf(path: string): { ok: true; path: string } | { ok: false; error: string } {
  try {
    const canonical = normalizeSandboxPath(path);
    if (canonical === '') return { ok: false, error: 'write_file needs a file path, not the project root.' };
    return { ok: true, path: canonical };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

async function readCurrent(sandbox: FileSystem, path: string): Promise<CurrentFile> {
  const stat = await sandbox.stat(path);
  if (stat === null) return { kind: 'none' };
  if (stat.kind !== 'file') return { kind: 'not shown', why: `${path} is a folder; the write will fail` };
  if (stat.size > MAX_DIFFED_FILE_BYTES) return { kind: 'not shown', why: `replaces a file of ${stat.size} bytes (too large to show a diff)` };
  try {
    return { kind: 'text', text: decodeUtf8Strict(await sandbox.readFile(path), path) };
  } catch {
    return { kind: 'not shown', why: `replaces a binary file of ${stat.size} bytes` };
  }
}

function describeTarget(path: string, current: CurrentFile): string {
  if (current.kind === 'none') return `Write ${path} (a new file)`;
  if (current.kind === 'text') return `Write ${path} (replaces the current file; changes shown as a diff)`;
  return `Write ${path} (${current.why})`;
}

async function present(args: unknown, sandbox: FileSystem): Promise<ApprovalPresentation> {
  const { path, content } = asWriteArgs(args);
  const target = targetOf(path);
  const current = target.ok ? await readCurrent(sandbox, target.path) : { kind: 'none' as const };
  return {
    ...(target.ok ? { title: describeTarget(target.path, current) } : { problem: target.error }),
    fields: [
      { name: 'path', label: 'Path', format: 'text', value: path, editable: true },
      {
        name: 'content',
        label: `Content (${content.length} characters)`,
        format: 'text',
        value: content,
        ...(current.kind === 'text' ? { replaces: current.text } : current.kind === 'none' ? { replaces: null } : {}),
        editable: true,
      },
    ],
  };
}

export const writeFileApproval: ToolApproval = {
  present: (args, context) => present(args, context.sandbox),
  async edit(args, values, context) {
    const presentation = await present(args, context.sandbox);
    const edited = argumentsFromFields(presentation, args, values);
    if (!edited.ok) return edited;
    const target = targetOf(asWriteArgs(edited.args).path);
    if (!target.ok) return target;
    const current = await readCurrent(context.sandbox, target.path);
    return { ok: true, args: edited.args, note: describeTarget(target.path, current) };
  },
};
