import type { DiagnosticSeverity } from '@/lib/worker/diagnostic';
import type { PathSegment } from '@/lib/worker/yaml-source-map';

/**
 * llm-do's `project.json` version 1 (`version`, `entry: {agent, args}`,
 * `agent_files`, `python_files`, `generated_agents_dir`, `allow_cli_input`,
 * llm-do runtime keys) rewritten to Workerbench's manifest before validation,
 * so llm-do projects open unchanged. What needs Python is dropped with a
 * located warning; the rest of the project still runs.
 */

export interface ManifestProblem {
  path: PathSegment[];
  code: string;
  message: string;
  severity: DiagnosticSeverity;
}

export type ManifestReport = (problem: ManifestProblem) => void;

/** Where generated agents go when llm-do's default (/tmp/llm-do/generated, outside any project) applies. */
export const LLM_DO_GENERATED_FOLDER = 'generated';

const RUNTIME_KEYS_IGNORED: Record<string, string> = {
  auth_mode: 'Workerbench signs in to providers with its own settings',
  return_permission_errors: 'a denied call is always reported to the model as an error',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the manifest uses llm-do's keys rather than Workerbench's. */
export function isLlmDoManifest(data: Record<string, unknown>): boolean {
  return 'version' in data || 'agent_files' in data || 'python_files' in data || 'generated_agents_dir' in data || isRecord(data.entry);
}

function isOutsideProject(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~') || path.split('/').includes('..');
}

export function normalizeLlmDoManifest(raw: Record<string, unknown>, report: ManifestReport): Record<string, unknown> {
  if (!isLlmDoManifest(raw)) return raw;
  const { version, entry, agent_files: agentFiles, python_files: pythonFiles, generated_agents_dir: generatedDir, allow_cli_input: _cli, ...data } = raw;
  if (version !== undefined && version !== 1) report({ path: ['version'], code: 'unsupported-version', message: `llm-do manifest version ${JSON.stringify(version)} is not supported; version 1 is read`, severity: 'warning' });
  if (isRecord(entry)) {
    if (typeof entry.agent === 'string') data.entry = entry.agent;
    if (entry.function !== undefined) {
      report({ path: ['entry', 'function'], code: 'unsupported-in-browser', message: `The entry function ${JSON.stringify(entry.function)} is Python: it is not supported in the browser; run an agent instead (the agents still run)`, severity: 'warning' });
    }
    if (isRecord(entry.args)) data.entry_args = entry.args;
    else if (entry.args !== undefined) report({ path: ['entry', 'args'], code: 'invalid-type', message: '"entry.args" must be an object such as {"input": "…"}', severity: 'error' });
  } else if (entry !== undefined) data.entry = entry;
  if (agentFiles !== undefined) data.worker_files = agentFiles;
  if (Array.isArray(pythonFiles) && pythonFiles.length > 0) {
    report({ path: ['python_files'], code: 'unsupported-in-browser', message: 'python_files hold Python tools and toolsets: they are not run in the browser; the agents still run without them', severity: 'warning' });
  }
  if (typeof generatedDir === 'string' && !isOutsideProject(generatedDir)) data.generated_workers_dir = generatedDir;
  else if (generatedDir !== undefined) {
    report({ path: ['generated_agents_dir'], code: 'generated-folder-moved', message: `Generated agents are kept in the project, in "${LLM_DO_GENERATED_FOLDER}/", not in ${JSON.stringify(generatedDir)}`, severity: 'info' });
  }
  // llm-do's default folder is outside the project; here agent_create needs one inside it.
  if (data.generated_workers_dir === undefined) data.generated_workers_dir = LLM_DO_GENERATED_FOLDER;
  if (isRecord(data.runtime)) {
    const runtime = { ...data.runtime };
    for (const [key, why] of Object.entries(RUNTIME_KEYS_IGNORED)) {
      if (!(key in runtime)) continue;
      report({ path: ['runtime', key], code: 'ignored-key', message: `"runtime.${key}" is ignored: ${why}`, severity: 'info' });
      delete runtime[key];
    }
    // llm-do's default max_depth (5) counts the entry too.
    if (runtime.max_depth === undefined) runtime.max_depth = workerbenchMaxDepth(LLM_DO_DEFAULT_MAX_DEPTH, report);
    else if (typeof runtime.max_depth === 'number' && Number.isInteger(runtime.max_depth) && runtime.max_depth >= 1) {
      runtime.max_depth = workerbenchMaxDepth(runtime.max_depth, report);
    }
    data.runtime = runtime;
  }
  return data;
}

/** llm-do's ManifestRuntimeConfig.max_depth default. */
const LLM_DO_DEFAULT_MAX_DEPTH = 5;

/** Workerbench's max_depth allows at most this many nested calls below the entry. */
const WORKERBENCH_MAX_DEPTH_LIMIT = 20;

/**
 * llm-do counts the entry agent as one level (call_agent refuses at depth ≥
 * max_depth, and the entry runs at depth 1), Workerbench counts the calls
 * below the entry: llm-do's N is Workerbench's N - 1.
 */
export function workerbenchMaxDepth(llmDoMaxDepth: number, report: ManifestReport): number {
  const depth = llmDoMaxDepth - 1;
  if (depth <= WORKERBENCH_MAX_DEPTH_LIMIT) return depth;
  report({ path: ['runtime', 'max_depth'], code: 'value-clamped', message: `max_depth ${llmDoMaxDepth} is read as ${WORKERBENCH_MAX_DEPTH_LIMIT + 1}, the deepest nesting Workerbench allows`, severity: 'warning' });
  return WORKERBENCH_MAX_DEPTH_LIMIT;
}

/** llm-do's max_depth for Workerbench's (export). */
export function llmDoMaxDepth(workerbenchMaxDepth: number): number {
  return workerbenchMaxDepth + 1;
}

/**
 * The Run form's text for `entry.args`. llm-do's default input model is
 * `{input, attachments}`, so a lone `input` is shown as that text; anything
 * richer is shown as the JSON it is.
 */
export function entryArgsInputText(args: Record<string, unknown> | undefined): string | undefined {
  if (args === undefined) return undefined;
  const keys = Object.keys(args);
  if (keys.length === 1 && typeof args.input === 'string') return args.input;
  return JSON.stringify(args, null, 2);
}
