import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { parseManifest } from '@/lib/project/parse-manifest';
import { freeProjectName } from '@/lib/project/projects';
import { decodeProjectText, isValidUtf8 } from '@/lib/vfs/utf8';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { APPROVE_ALL_NOTICE } from './approve-all-notice';
import { quoteForMessage, type SharedFile, type SharedProject } from './share-result';

/**
 * What an import will do, shown to the user before anything is written. An
 * import never overwrites (it gets a free name), never runs anything and
 * writes every file byte for byte as it came, project.json included (an
 * llm-do project exported back must still run headless with its own
 * `approve_all`). A shared project cannot grant itself approvals all the same:
 * it arrives untrusted, and while untrusted the approval gate ignores its
 * `approve_all` and `pre_approved` (lib/project/project-trust.ts); the user
 * is told which ones it asks for.
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

  const files = project.files;
  const manifest = files.find((file) => file.path === MANIFEST_FILE_NAME);
  if (manifest !== undefined && asksApproveAll(manifest.data)) notices.push(APPROVE_ALL_NOTICE);
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

/**
 * Whether the manifest asks for approve_all, read as the runtime reads it: bytes that are valid
 * UTF-8 are text, a byte-order mark is dropped, and the manifest parser (not a pattern) decides,
 * so escaped or duplicate keys are seen as the runtime will see them.
 */
export function asksApproveAll(data: string | Uint8Array): boolean {
  if (typeof data !== 'string' && !isValidUtf8(data)) return false;
  return parseManifest(decodeProjectText(data, MANIFEST_FILE_NAME)).manifest.runtime.approval_mode === 'approve_all';
}
