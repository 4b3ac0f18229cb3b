import { stringify } from 'yaml';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';

/**
 * One worker as llm-do's `.agent` file (llm-do/project/agent_file.py): YAML
 * frontmatter with `name`, `description`, `model` or `compatible_models`, and
 * `toolsets` as a list of names; the instructions as the body.
 *
 * What llm-do's format cannot say is listed (`notes`) for the export dialog.
 * Workerbench keys llm-do has no use for (attachment_policy, schemas,
 * max_steps, pdf_input …) stay in the frontmatter: llm-do ignores unknown
 * keys in .agent files, and Workerbench reads them back, so the worker means
 * the same when the project comes back. Per-tool approval overrides have no
 * place in the list form and are dropped (llm-do sets them from Python).
 */
export interface AgentFileExport {
  text: string;
  notes: string[];
}

/** PydanticAI's names for Workerbench's providers: `google:` is `google-gla:` (Gemini API). */
export function llmDoModelId(id: string): string {
  return id.startsWith('google:') ? `google-gla:${id.slice('google:'.length)}` : id;
}

/** Workerbench keys that llm-do ignores, with what they do here, for the dialog. */
const KEPT_FOR_WORKERBENCH: Record<string, string> = {
  attachment_policy: 'its attachment policy',
  input_schema: 'its input schema',
  input_schema_ref: 'its input schema',
  output_schema: 'its output schema',
  output_schema_ref: 'its output schema',
  allow_empty_input: 'allow_empty_input',
  max_steps: 'max_steps',
  pdf_input: 'pdf_input',
};

function toolsetList(worker: WorkerDefinition, notes: string[]): string[] {
  const list: string[] = [];
  const toolsets = worker.toolsets ?? {};
  if (toolsets.filesystem !== undefined) {
    const approvals = { ...toolsets.filesystem.approvals };
    const readOnly = approvals.write_file === 'blocked';
    if (readOnly) delete approvals.write_file;
    list.push(readOnly ? 'filesystem_project_ro' : 'filesystem_project');
    if (Object.keys(approvals).length > 0) notes.push(`${worker.name}: the filesystem approval settings (${describe(approvals)}) — llm-do's filesystem_project pre-approves reads and asks before writes`);
  }
  if (toolsets.workers !== undefined) {
    list.push(...toolsets.workers.allowed_workers);
    if (Object.keys(toolsets.workers.approvals ?? {}).length > 0) {
      notes.push(`${worker.name}: approval settings of its worker tools (${describe(toolsets.workers.approvals!)}) — use the agent approval settings of project.json instead`);
    }
  }
  if (toolsets.dynamic_workers !== undefined) {
    list.push('dynamic_agents');
    if (Object.keys(toolsets.dynamic_workers.approvals ?? {}).length > 0) {
      notes.push(`${worker.name}: approval settings of worker_create / worker_call (${describe(toolsets.dynamic_workers.approvals!)})`);
    }
  }
  return [...new Set(list)];
}

function describe(approvals: Record<string, string>): string {
  return Object.entries(approvals)
    .map(([tool, policy]) => `${tool}: ${policy}`)
    .join(', ');
}

export function exportAgentFile(worker: WorkerDefinition): AgentFileExport {
  const notes: string[] = [];
  const frontmatter: Record<string, unknown> = { name: worker.name };
  if (worker.description !== undefined) frontmatter.description = worker.description;
  if (worker.model !== undefined) frontmatter.model = llmDoModelId(worker.model);
  // llm-do refuses model and compatible_models together; model wins in Workerbench too.
  else if (worker.compatible_models !== undefined) frontmatter.compatible_models = worker.compatible_models.map(llmDoModelId);
  if (worker.model !== undefined && worker.compatible_models !== undefined) notes.push(`${worker.name}: compatible_models (llm-do does not allow it next to model)`);
  const toolsets = toolsetList(worker, notes);
  if (toolsets.length > 0) frontmatter.toolsets = toolsets;
  for (const [key, what] of Object.entries(KEPT_FOR_WORKERBENCH)) {
    const value = (worker as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    frontmatter[key] = value;
    notes.push(`${worker.name}: ${what} (kept in the file for Workerbench; llm-do ignores it)`);
  }
  const yamlText = stringify(frontmatter, { lineWidth: 0 });
  // llm-do strips the body; one trailing line break keeps the file tidy.
  return { text: `---\n${yamlText}---\n${worker.instructions.trim()}\n`, notes: [...new Set(notes)] };
}
