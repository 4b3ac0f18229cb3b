import { analyzeProject, type ProjectFile } from '@/lib/project/analyze-project';
import { isLlmDoManifest, llmDoMaxDepth } from '@/lib/project/llm-do-manifest';
import { MANIFEST_FILE_NAME, type ProjectManifest } from '@/lib/project/manifest-schema';
import type { SharedFile, SharedProject } from '@/lib/share/share-result';
import { isBinaryFile } from '@/lib/share/file-kind';
import { decodeProjectText } from '@/lib/vfs/utf8';
import { isAgentFile } from '@/lib/worker/llm-do-frontmatter';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { exportAgentFile } from '@/lib/llm-do/llm-do-agent-file';
import { EXAMPLE_MAIN_LLM_DO_NOTE, exampleMainForLlmDo } from '@/lib/llm-do/example-llm-do-main';
import { llmDoInstructions } from '@/lib/llm-do/llm-do-instructions';

/**
 * A Workerbench project as an llm-do project (llm-do's HEAD format): every
 * worker as an `.agent` file (lib/llm-do/llm-do-agent-file.ts), and a
 * `project.json` version 1 with only the keys llm-do's loader accepts
 * (llm-do/project/manifest.py forbids any other): `version`, `runtime`,
 * `entry: {agent, args}`, `agent_files`, `generated_agents_dir`. Every other
 * file goes along unchanged. `.agent` files already in llm-do's format are
 * kept byte for byte.
 *
 * `notes` lists, for the export dialog, what has no llm-do equivalent.
 * Refuses (throws) a project whose workers do not load: llm-do would refuse it too.
 */
export interface LlmDoExport {
  project: SharedProject;
  notes: string[];
}

export class LlmDoExportError extends Error {}

function textFiles(files: readonly SharedFile[]): ProjectFile[] {
  const texts: ProjectFile[] = [];
  for (const file of files) {
    if (isBinaryFile(file.path, file.data)) continue;
    try {
      texts.push({ path: file.path, text: decodeProjectText(file.data, file.path) });
    } catch {
      // Not text after all: it travels as bytes and is never a worker.
    }
  }
  return texts;
}

function agentPath(path: string): string {
  return isAgentFile(path) ? path : `${path.slice(0, -'.worker'.length)}.agent`;
}

/** llm-do's runtime block: its keys only, its max_depth counting. */
function llmDoRuntime(runtime: ProjectManifest['runtime'], notes: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = { approval_mode: runtime.approval_mode, max_depth: llmDoMaxDepth(runtime.max_depth) };
  for (const key of ['agent_calls_require_approval', 'agent_attachments_require_approval', 'agent_approval_overrides'] as const) {
    if (runtime[key] !== undefined) result[key] = runtime[key];
  }
  if (runtime.approval_mode === 'prompt') {
    notes.push("project.json: approval_mode prompt — llm-do asks at the terminal; started without one (headless) it refuses to run a prompt project (approve_all or reject_all there)");
  }
  const defaults = { max_steps: 20, max_retries: 5, max_concurrency: 4 };
  for (const [key, value] of Object.entries(defaults)) {
    const set = runtime[key as keyof typeof defaults];
    if (set !== value) notes.push(`project.json: runtime.${key} ${set} (llm-do has no such setting)`);
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The llm-do keys a project imported from llm-do had and Workerbench does not
 * use (python_files, allow_cli_input, auth_mode, return_permission_errors):
 * carried back so the exported project is the user's again, Python included.
 */
function keptLlmDoKeys(manifestText: string | null, paths: ReadonlySet<string>): { top: Record<string, unknown>; runtime: Record<string, unknown> } {
  const kept = { top: {} as Record<string, unknown>, runtime: {} as Record<string, unknown> };
  let raw: unknown;
  try {
    raw = manifestText === null ? null : JSON.parse(manifestText);
  } catch {
    return kept;
  }
  if (!isRecord(raw)) return kept;
  const pythonFiles = raw.python_files;
  if (Array.isArray(pythonFiles) && pythonFiles.every((path) => typeof path === 'string' && paths.has(path)) && pythonFiles.length > 0) kept.top.python_files = pythonFiles;
  if (typeof raw.allow_cli_input === 'boolean') kept.top.allow_cli_input = raw.allow_cli_input;
  if (isRecord(raw.runtime)) {
    if (['oauth_off', 'oauth_auto', 'oauth_required'].includes(raw.runtime.auth_mode as string)) kept.runtime.auth_mode = raw.runtime.auth_mode;
    if (typeof raw.runtime.return_permission_errors === 'boolean') kept.runtime.return_permission_errors = raw.runtime.return_permission_errors;
  }
  return kept;
}

/** An llm-do manifest whose agent_files are exactly the agents exported (each kept as written): it goes back byte for byte. */
function isOwnLlmDoManifest(manifestText: string | null, agentFiles: readonly string[]): boolean {
  let raw: unknown;
  try {
    raw = manifestText === null ? null : JSON.parse(manifestText);
  } catch {
    return false;
  }
  if (!isRecord(raw) || !isLlmDoManifest(raw) || raw.version !== 1 || !Array.isArray(raw.agent_files)) return false;
  const listed = raw.agent_files;
  return listed.length === agentFiles.length && agentFiles.every((path) => listed.includes(path));
}

export function exportLlmDoProject(project: SharedProject): LlmDoExport {
  const texts = textFiles(project.files);
  const manifestText = texts.find((file) => file.path === MANIFEST_FILE_NAME)?.text ?? null;
  const loaded = analyzeProject({ manifestText, files: texts });
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new LlmDoExportError(`The project has ${errors.length} error${errors.length === 1 ? '' : 's'} to fix first, e.g. ${first.file}:${first.line}: ${first.message}`);
  }
  const manifest = loaded.manifest;
  if (!loaded.workers.has(manifest.entry)) throw new LlmDoExportError(`The entry worker "${manifest.entry}" does not exist, so llm-do would have no entry agent.`);

  const notes: string[] = [];
  const replaced = new Set<string>([MANIFEST_FILE_NAME]);
  const files: SharedFile[] = [];
  const agentFiles: string[] = [];
  const originals = new Map(project.files.map((file) => [file.path, file]));
  const textsByPath = new Map(texts.map((file) => [file.path, file.text]));
  const workerNames = new Set(loaded.workers.keys());
  for (const worker of [...loaded.workers.values()].sort((left, right) => left.path.localeCompare(right.path))) {
    const path = agentPath(worker.path);
    agentFiles.push(path);
    replaced.add(worker.path);
    const original = originals.get(worker.path);
    const adapted = llmDoInstructions(worker);
    if (isAgentFile(worker.path) && original !== undefined) {
      // Already llm-do's: kept as written, and what llm-do will not find in it is still said.
      notes.push(...adapted.notes.filter((note) => !note.includes('so the exported instructions say')));
      files.push(original);
      continue;
    }
    const agent = exportAgentFile({ ...worker, instructions: adapted.instructions });
    const exampleMain = exampleMainForLlmDo(worker.path, textsByPath.get(worker.path) ?? '', workerNames);
    if (exampleMain !== null) {
      notes.push(EXAMPLE_MAIN_LLM_DO_NOTE, ...agent.notes);
      files.push({ path, data: exampleMain });
      continue;
    }
    notes.push(...adapted.notes, ...agent.notes);
    files.push({ path, data: agent.text });
  }
  // Worker files that did not load as workers (excluded from discovery) would be dead weight; they stay as files.
  for (const file of project.files) if (!replaced.has(file.path) && !(isWorkerFilePath(file.path) && loaded.workerPaths.has(file.path))) files.push(file);

  if (manifest.default_model !== undefined) notes.push(`project.json: default_model ${manifest.default_model} (llm-do takes the model from $LLM_DO_MODEL or each agent's model)`);
  for (const key of ['name', 'description'] as const) if (manifest[key] !== undefined) notes.push(`project.json: ${key} (llm-do has no such key)`);
  const kept = keptLlmDoKeys(manifestText, new Set(project.files.map((file) => file.path)));
  const llmDoManifest: Record<string, unknown> = {
    version: 1,
    runtime: { ...llmDoRuntime(manifest.runtime, notes), ...kept.runtime },
    ...(kept.top.allow_cli_input === undefined ? {} : { allow_cli_input: kept.top.allow_cli_input }),
    entry: { agent: manifest.entry, ...(manifest.entry_args === undefined ? {} : { args: manifest.entry_args }) },
    agent_files: agentFiles,
    ...(kept.top.python_files === undefined ? {} : { python_files: kept.top.python_files }),
    ...(manifest.generated_workers_dir === undefined ? {} : { generated_agents_dir: manifest.generated_workers_dir }),
  };
  const originalManifest = originals.get(MANIFEST_FILE_NAME);
  files.push(originalManifest !== undefined && [...loaded.workers.values()].every((worker) => isAgentFile(worker.path)) && isOwnLlmDoManifest(manifestText, agentFiles) ? originalManifest : { path: MANIFEST_FILE_NAME, data: `${JSON.stringify(llmDoManifest, null, 2)}\n` });
  files.sort((left, right) => left.path.localeCompare(right.path));
  return { project: { name: project.name, files }, notes };
}
