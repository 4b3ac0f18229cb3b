import { parse } from 'yaml';
import type { SharedProject } from '@/lib/share/share-result';

/**
 * The rules llm-do's loader applies to a project, as its source states them (zby/llm-do,
 * commit 8d2109a), for tests of what the llm-do export writes. llm-do itself cannot run on this
 * project's machines (it needs pydantic-ai and packages that no registry reachable here offers),
 * so this is the strongest check available in CI: each rule below names the file and the check it
 * restates. It says whether llm-do's loader would refuse the files, not that a run succeeds.
 *
 * - llm_do/project/manifest.py: ProjectManifest, ManifestRuntimeConfig, EntryConfig and
 *   AgentApprovalOverride forbid unknown keys; version must be 1; approval_mode is prompt,
 *   approve_all or reject_all; auth_mode oauth_off|oauth_auto|oauth_required; max_depth ≥ 1;
 *   entry names exactly one of agent and function; agent_files and python_files hold non-empty,
 *   unique strings, at least one file in all; generated_agents_dir is non-empty; every listed
 *   file exists (resolve_manifest_paths).
 * - llm_do/project/agent_file.py: a frontmatter mapping that is not empty, a `name`, no `entry`,
 *   no `schema_in_ref`; `toolsets` and `tools` are lists of unique non-empty strings;
 *   `compatible_models` a list; `input_model_ref` a non-empty string.
 * - llm_do/models.py select_model_with_id: not both `model` and `compatible_models`.
 * - llm_do/project/registry.py: agent names are unique; llm_do/project/tool_resolution.py: every
 *   toolset is a built-in (llm_do/toolsets/builtins.py), an agent of the project, or (unchecked
 *   here: it takes importing them) defined in the project's python_files.
 * - The tools each toolset gives an agent (filesystem.py: read_file, write_file, list_files;
 *   dynamic_agents.py: agent_create, agent_call; shell: shell; an agent toolset: the agent's
 *   name), so instructions can be checked for tools the agent will not have.
 */

export const LLM_DO_BUILTIN_TOOLSETS: Readonly<Record<string, readonly string[]>> = {
  filesystem_cwd: ['read_file', 'write_file', 'list_files'],
  filesystem_project: ['read_file', 'write_file', 'list_files'],
  // ReadOnlyFileSystemToolset: the same toolset without write_file.
  filesystem_cwd_ro: ['read_file', 'list_files'],
  filesystem_project_ro: ['read_file', 'list_files'],
  shell_readonly: ['shell'],
  shell_file_ops: ['shell'],
  dynamic_agents: ['agent_create', 'agent_call'],
};

/** Tool names of either product that instructions may name; one the agent lacks is a problem. */
const KNOWN_TOOL_NAMES = ['read_file', 'write_file', 'list_files', 'agent_create', 'agent_call', 'worker_create', 'worker_call', 'call_worker'];

const MANIFEST_KEYS = ['version', 'runtime', 'allow_cli_input', 'entry', 'generated_agents_dir', 'agent_files', 'python_files'];
const RUNTIME_KEYS = ['approval_mode', 'auth_mode', 'max_depth', 'return_permission_errors', 'agent_calls_require_approval', 'agent_attachments_require_approval', 'agent_approval_overrides'];
const ENTRY_KEYS = ['agent', 'function', 'args'];

export interface LlmDoAgent {
  path: string;
  frontmatter: Record<string, unknown>;
  instructions: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(project: SharedProject, path: string): string | undefined {
  const data = project.files.find((file) => file.path === path)?.data;
  return data === undefined ? undefined : typeof data === 'string' ? data : new TextDecoder().decode(data);
}

function unknownKeys(where: string, value: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${where}: unknown key "${key}" (extra="forbid")`);
}

function stringListProblems(where: string, value: unknown): string[] {
  if (!Array.isArray(value)) return [`${where}: not a list`];
  const problems: string[] = [];
  if (value.some((item) => typeof item !== 'string' || item.trim() === '')) problems.push(`${where}: an entry is not a non-empty string`);
  if (new Set(value).size !== value.length) problems.push(`${where}: duplicate entries`);
  return problems;
}

/** The frontmatter and the stripped body, as python-frontmatter splits an .agent file. */
function splitAgentFile(text: string): { frontmatter: unknown; body: string } | null {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (match === null) return null;
  return { frontmatter: parse(match[1]!), body: match[2]!.trim() };
}

function manifestProblems(manifest: Record<string, unknown>, project: SharedProject): string[] {
  const problems = unknownKeys('project.json', manifest, MANIFEST_KEYS);
  if (manifest.version !== 1) problems.push('project.json: version must be 1');
  const runtime = manifest.runtime;
  if (!isRecord(runtime)) problems.push('project.json: runtime is required');
  else {
    problems.push(...unknownKeys('project.json runtime', runtime, RUNTIME_KEYS));
    if (runtime.approval_mode !== undefined && !['prompt', 'approve_all', 'reject_all'].includes(runtime.approval_mode as string)) problems.push('project.json: approval_mode');
    if (runtime.auth_mode !== undefined && !['oauth_off', 'oauth_auto', 'oauth_required'].includes(runtime.auth_mode as string)) problems.push('project.json: auth_mode');
    if (runtime.max_depth !== undefined && !(Number.isInteger(runtime.max_depth) && (runtime.max_depth as number) >= 1)) problems.push('project.json: max_depth must be an integer ≥ 1');
  }
  const entry = manifest.entry;
  if (!isRecord(entry)) problems.push('project.json: entry is required');
  else {
    problems.push(...unknownKeys('project.json entry', entry, ENTRY_KEYS));
    const named = ['agent', 'function'].filter((key) => typeof entry[key] === 'string' && (entry[key] as string).trim() !== '');
    if (named.length !== 1) problems.push("project.json: entry must define exactly one of 'agent' or 'function'");
    if (entry.args !== undefined && entry.args !== null && !isRecord(entry.args)) problems.push('project.json: entry.args must be an object');
  }
  const agentFiles = manifest.agent_files ?? [];
  const pythonFiles = manifest.python_files ?? [];
  problems.push(...stringListProblems('project.json agent_files', agentFiles), ...stringListProblems('project.json python_files', pythonFiles));
  if (Array.isArray(agentFiles) && Array.isArray(pythonFiles)) {
    if (agentFiles.length + pythonFiles.length === 0) problems.push('project.json: at least one agent_files or python_files entry is required');
    for (const path of [...agentFiles, ...pythonFiles]) if (typeof path === 'string' && textOf(project, path) === undefined) problems.push(`project.json: listed file not found: ${path}`);
  }
  if (manifest.generated_agents_dir !== undefined && (typeof manifest.generated_agents_dir !== 'string' || manifest.generated_agents_dir.trim() === '')) problems.push('project.json: generated_agents_dir must be a non-empty string');
  return problems;
}

function agentProblems(agent: LlmDoAgent): string[] {
  const { path, frontmatter } = agent;
  const problems: string[] = [];
  if (Object.keys(frontmatter).length === 0) problems.push(`${path}: missing frontmatter`);
  if (typeof frontmatter.name !== 'string' || frontmatter.name === '') problems.push(`${path}: no name`);
  if ('entry' in frontmatter) problems.push(`${path}: declares entry`);
  if ('schema_in_ref' in frontmatter) problems.push(`${path}: uses schema_in_ref`);
  for (const key of ['toolsets', 'tools'] as const) if (frontmatter[key] !== undefined && frontmatter[key] !== null) problems.push(...stringListProblems(`${path} ${key}`, frontmatter[key]));
  if (frontmatter.compatible_models !== undefined && frontmatter.compatible_models !== null && !Array.isArray(frontmatter.compatible_models)) problems.push(`${path}: compatible_models must be a list`);
  if (frontmatter.model && frontmatter.compatible_models) problems.push(`${path}: both model and compatible_models`);
  if (frontmatter.input_model_ref !== undefined && (typeof frontmatter.input_model_ref !== 'string' || frontmatter.input_model_ref.trim() === '')) problems.push(`${path}: input_model_ref`);
  return problems;
}

/** The tools an agent has in llm-do, from its toolsets. */
export function llmDoAgentTools(agent: LlmDoAgent, agentNames: ReadonlySet<string>): Set<string> {
  const tools = new Set<string>();
  const toolsets = Array.isArray(agent.frontmatter.toolsets) ? (agent.frontmatter.toolsets as string[]) : [];
  for (const toolset of toolsets) {
    for (const tool of LLM_DO_BUILTIN_TOOLSETS[toolset] ?? []) tools.add(tool);
    if (agentNames.has(toolset)) tools.add(toolset);
  }
  return tools;
}

export interface LlmDoFormatCheck {
  problems: string[];
  agents: LlmDoAgent[];
}

/** Everything llm-do's loader would refuse in `project`, and instructions that name a tool the agent lacks there. */
export function checkLlmDoFormat(project: SharedProject): LlmDoFormatCheck {
  const manifestText = textOf(project, 'project.json');
  if (manifestText === undefined) return { problems: ['project.json: not found'], agents: [] };
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    return { problems: ['project.json: invalid JSON'], agents: [] };
  }
  if (!isRecord(manifest)) return { problems: ['project.json: not an object'], agents: [] };
  const problems = manifestProblems(manifest, project);
  const agents: LlmDoAgent[] = [];
  for (const path of Array.isArray(manifest.agent_files) ? manifest.agent_files : []) {
    const text = typeof path === 'string' ? textOf(project, path) : undefined;
    if (text === undefined) continue;
    const split = splitAgentFile(text);
    if (split === null || !isRecord(split.frontmatter)) {
      problems.push(`${path}: invalid agent file format: missing frontmatter`);
      continue;
    }
    const agent = { path, frontmatter: split.frontmatter, instructions: split.body };
    problems.push(...agentProblems(agent));
    agents.push(agent);
  }
  const names = agents.map((agent) => agent.frontmatter.name as string);
  if (new Set(names).size !== names.length) problems.push('agents: duplicate agent name');
  const agentNames = new Set(names);
  const hasPythonFiles = Array.isArray(manifest.python_files) && manifest.python_files.length > 0;
  for (const agent of agents) {
    const toolsets = Array.isArray(agent.frontmatter.toolsets) ? (agent.frontmatter.toolsets as unknown[]) : [];
    for (const toolset of toolsets) {
      // A toolset of the project's python_files is found only by importing them (discovery.py): with Python files listed, an unknown name is theirs to define.
      if (typeof toolset === 'string' && LLM_DO_BUILTIN_TOOLSETS[toolset] === undefined && !agentNames.has(toolset) && !hasPythonFiles) problems.push(`${agent.path}: unknown toolset "${toolset}"`);
    }
    const tools = llmDoAgentTools(agent, agentNames);
    for (const tool of KNOWN_TOOL_NAMES) {
      if (!tools.has(tool) && new RegExp(`(?<![A-Za-z0-9_])${tool}(?![A-Za-z0-9_])`).test(agent.instructions)) problems.push(`${agent.path}: its instructions name ${tool}, which it does not have in llm-do`);
    }
  }
  const entry = isRecord(manifest.entry) ? manifest.entry.agent : undefined;
  if (typeof entry === 'string' && !agentNames.has(entry)) problems.push(`project.json: the entry agent "${entry}" is not among the agent files`);
  return { problems, agents };
}
