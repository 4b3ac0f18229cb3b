import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { PROJECT_FILE_JSON_LIMITS } from '@/lib/security/json-limits';
import { parseManifest } from '@/lib/project/parse-manifest';
import { freeProjectName } from '@/lib/project/projects';
import { decodeProjectText, isValidUtf8 } from '@/lib/vfs/utf8';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { quoteForMessage, type SharedFile, type SharedProject } from './share-result';

/**
 * What an import will do, shown to the user before anything is written. An
 * import never overwrites (it gets a free name) and never runs anything; a
 * shared project cannot grant itself blanket approval either: `approve_all` in
 * project.json is turned back into `prompt`, and the user is told.
 */

export interface ImportPlan {
  /** A valid project name not in the existing names (compared case-insensitively). */
  projectName: string;
  files: SharedFile[];
  /** Sentences to show in the import dialog, plain text. */
  notices: string[];
}

export function planImport(project: SharedProject, existingProjectNames: Iterable<string>): ImportPlan {
  const existing = [...existingProjectNames];
  const notices: string[] = [];
  const projectName = freeProjectName(project.name, existing);
  if (projectName !== project.name) {
    const taken = existing.some((name) => name.toLowerCase() === project.name.toLowerCase());
    notices.push(
      taken
        ? `A project named ${quoteForMessage(project.name)} already exists, so this one will be imported as ${quoteForMessage(projectName)}.`
        : `${quoteForMessage(project.name)} cannot be used as a project folder name, so the project will be imported as ${quoteForMessage(projectName)}.`,
    );
  }

  const files = project.files.map((file) => {
    if (file.path !== MANIFEST_FILE_NAME) return file;
    const downgraded = downgradeApproveAll(file.data);
    if (downgraded === null) return file;
    notices.push(
      'The shared project.json asked to approve every tool call automatically ("approval_mode": "approve_all"). ' +
        'It was changed to "prompt": you will be asked before each risky tool call. You can change it back in project.json.',
    );
    return { path: file.path, data: downgraded };
  });
  const preApproved = preApprovedTools(files);
  if (preApproved.length > 0) {
    notices.push(
      `Some shared workers run tools without asking (pre_approved in their frontmatter): ${preApproved.join('; ')}. ` +
        'Read them before you run this project.',
    );
  }
  return { projectName, files, notices };
}

/**
 * Tools a shared worker runs without asking. They are the author's choice and
 * are kept (the shipped example pre-approves its own report writes), but the
 * person importing is told, since the shared files are not theirs.
 */
function preApprovedTools(files: readonly SharedFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!isWorkerFilePath(file.path)) continue;
    if (typeof file.data !== 'string' && !isValidUtf8(file.data)) continue;
    const text = decodeProjectText(file.data, file.path);
    const toolsets = parseWorkerFile(text, file.path).definition?.toolsets ?? {};
    const tools = Object.values(toolsets).flatMap((toolset) =>
      Object.entries(toolset?.approvals ?? {}).flatMap(([tool, policy]) => (policy === 'pre_approved' ? [tool] : [])),
    );
    if (tools.length > 0) found.push(`${quoteForMessage(file.path)}: ${tools.join(', ')}`);
  }
  return found;
}

function approvalModeOf(text: string): string {
  return parseManifest(text).manifest.runtime.approval_mode;
}

/**
 * The manifest text with approve_all replaced by prompt, or null when it does
 * not ask for approve_all. The edit is textual so formatting, key order and
 * every other field stay as the author wrote them; the result is checked with
 * the same parser the runtime uses, and when a textual edit is not enough
 * (escaped keys, duplicate keys) the manifest is rewritten as a whole.
 */
export function downgradeApproveAll(data: string | Uint8Array): string | null {
  // Bytes that are valid UTF-8 would be read as text by the runtime: treat them the same.
  if (typeof data !== 'string' && !isValidUtf8(data)) return null;
  // The runtime's decoder: a byte-order mark is dropped here exactly as when the project is run.
  const text = decodeProjectText(data, MANIFEST_FILE_NAME);
  if (approvalModeOf(text) !== 'approve_all') return null;

  const edited = text.replace(/("approval_mode"\s*:\s*)"approve_all"/g, '$1"prompt"');
  if (approvalModeOf(edited) !== 'approve_all') return edited;

  const parsed = JSON.parse(text) as Record<string, unknown>;
  // A manifest nested past the limit cannot be rewritten whole (JSON.stringify would overflow): the safe minimum instead.
  if (!checkJsonBounds(parsed, PROJECT_FILE_JSON_LIMITS, 'project.json').ok) return JSON.stringify({ runtime: { approval_mode: 'prompt' } }, null, 2) + '\n';
  const runtime = typeof parsed.runtime === 'object' && parsed.runtime !== null ? (parsed.runtime as Record<string, unknown>) : {};
  const rewritten = JSON.stringify({ ...parsed, runtime: { ...runtime, approval_mode: 'prompt' } }, null, 2) + '\n';
  if (approvalModeOf(rewritten) !== 'approve_all') return rewritten;
  // Unreachable with a JSON parser that agrees with JSON.parse; refuse to hand back an approve_all manifest regardless.
  return JSON.stringify({ runtime: { approval_mode: 'prompt' } }, null, 2) + '\n';
}
