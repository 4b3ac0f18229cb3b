import { BROWSER_UNSUPPORTED_NOTE, normalizeToolsets, type AgentReference, type Report } from '@/lib/worker/llm-do-toolsets';
import { workerFrontmatterSchema, type WorkerToolNames } from '@/lib/worker/worker-schema';

/**
 * llm-do's top-level frontmatter keys that Workerbench's schema does not have.
 * llm-do users open their projects unchanged, so these are read (or dropped
 * with a located diagnostic) instead of failing as unknown keys.
 */

/** Keys that need Python: the worker runs without them, and the diagnostic says so. */
const PYTHON_ONLY_KEYS: Record<string, string> = {
  tools: '"tools" names Python tool functions',
  server_side_tools: '"server_side_tools" asks the provider for server-side tools (web search, code execution)',
  input_model_ref: '"input_model_ref" names a Python input model class',
  schema_in_ref: '"schema_in_ref" names a Python input model class',
};

const WORKERBENCH_KEYS = new Set(Object.keys(workerFrontmatterSchema.shape));

export interface LlmDoFrontmatter {
  data: Record<string, unknown>;
  /** Legacy `instructions:` key, used by llm-do only when the body is empty. */
  instructions?: string;
  /** Names in a `toolsets` list taken as agents (see AgentReference). */
  agentReferences: AgentReference[];
  /** Set when the file is in llm-do's format, so its delegation tools take llm-do's names. */
  toolNames?: WorkerToolNames;
}

/** Workerbench's own toolset names, which its (older) list form may also use. */
const WORKERBENCH_TOOLSET_NAMES = new Set(['filesystem', 'workers', 'dynamic_workers']);

/**
 * Whose tool names the worker expects: every `.agent` file is llm-do's; a
 * `.worker` file is when its toolsets use llm-do's forms — a list naming
 * anything but Workerbench's toolsets (llm-do built-ins or agents), the
 * legacy `delegation` mapping, or `dynamic_agents`.
 */
export function llmDoToolNames(toolsets: unknown, agentFile: boolean): WorkerToolNames | undefined {
  if (agentFile) return 'llm-do';
  if (Array.isArray(toolsets)) return toolsets.some((entry) => typeof entry === 'string' && !WORKERBENCH_TOOLSET_NAMES.has(entry)) ? 'llm-do' : undefined;
  if (typeof toolsets !== 'object' || toolsets === null) return undefined;
  if (Object.hasOwn(toolsets, 'delegation')) return 'llm-do-legacy';
  return Object.hasOwn(toolsets, 'dynamic_agents') ? 'llm-do' : undefined;
}

export function isAgentFile(path: string): boolean {
  return path.toLowerCase().endsWith('.agent');
}

/**
 * `agentFile`: a HEAD `.agent` file, where llm-do ignores unknown keys, so they
 * are warnings here too; in `.worker` files unknown keys stay errors (typos in
 * Workerbench's own format must not pass silently).
 */
export function normalizeLlmDoFrontmatter(raw: Record<string, unknown>, agentFile: boolean, report: Report): LlmDoFrontmatter {
  const data: Record<string, unknown> = { ...raw };
  const result: LlmDoFrontmatter = { data, agentReferences: [] };
  const toolNames = llmDoToolNames(raw.toolsets, agentFile);
  if (toolNames !== undefined) result.toolNames = toolNames;
  for (const [key, what] of Object.entries(PYTHON_ONLY_KEYS)) {
    if (!(key in data)) continue;
    report({ path: [key], code: 'unsupported-in-browser', message: `${what}: ${BROWSER_UNSUPPORTED_NOTE}`, severity: 'warning', part: 'key' });
    delete data[key];
  }
  if (typeof data.instructions === 'string') result.instructions = data.instructions;
  if ('instructions' in data) delete data.instructions;
  // Legacy llm-do: `model: null` means "the default model".
  if (data.model === null) delete data.model;
  for (const key of ['locked', 'entry'] as const) {
    if (!(key in data)) continue;
    const why = key === 'entry' ? 'the entry is chosen in project.json (or main.worker)' : 'Workerbench has no locked workers';
    report({ path: [key], code: 'ignored-key', message: `"${key}" is an llm-do key that is ignored here: ${why}`, severity: 'info', part: 'key' });
    delete data[key];
  }
  if ('toolsets' in data) {
    if (Array.isArray(data.toolsets) && !agentFile) {
      report({ path: ['toolsets'], code: 'legacy-form', message: 'toolsets written as a list; prefer a mapping such as "filesystem: {}"', severity: 'info' });
    }
    data.toolsets = normalizeToolsets(data.toolsets, report, result.agentReferences);
  }
  if (agentFile) {
    for (const key of Object.keys(data)) {
      if (WORKERBENCH_KEYS.has(key)) continue;
      report({ path: [key], code: 'ignored-key', message: `Unknown key "${key}" is ignored (llm-do ignores unknown keys in .agent files)`, severity: 'warning', part: 'key' });
      delete data[key];
    }
  }
  return result;
}
