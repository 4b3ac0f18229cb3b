import type { DiagnosticSeverity } from '@/lib/worker/diagnostic';
import { describeValue } from '@/lib/worker/schema-issue-diagnostics';
import { setOwnValue } from '@/lib/worker/own-property';

/**
 * llm-do's `toolsets` spellings, rewritten to Workerbench's canonical mapping
 * (`filesystem`, `workers.allowed_workers`, `dynamic_workers`) before
 * validation, so one WorkerDefinition comes out of either format:
 * - HEAD (`.agent`): a list of names — built-ins, or the name of another agent,
 *   which becomes a tool calling that agent;
 * - legacy (`.worker`, 2025-12): a mapping with `filesystem: {read_approval,
 *   write_approval}`, `delegation: {<worker>: {}, worker_call: {}, worker_create: {},
 *   allow_workers: [...]}`, `shell`, `custom`.
 * What needs a Python process (shell, custom tools, Python toolset classes) is
 * dropped with a warning that says so, so the rest of the worker still runs.
 */

/** `part: 'key'` points at the key itself, e.g. for a key whose whole value is ignored. */
export interface ReportedProblem {
  path: (string | number)[];
  code: string;
  message: string;
  severity: DiagnosticSeverity;
  part?: 'key' | 'value';
}

export type Report = (problem: ReportedProblem) => void;

type ToolsetMap = Record<string, unknown>;

const FILESYSTEM_NAMES = new Set(['filesystem', 'filesystem_project', 'filesystem_cwd', 'filesystem_rw']);
// Read-only variants: the project filesystem with write_file blocked, so the model gets a clear refusal.
const READ_ONLY_FILESYSTEM_NAMES = new Set(['filesystem_project_ro', 'filesystem_cwd_ro', 'filesystem_ro']);
const DYNAMIC_NAMES = new Set(['dynamic_workers', 'dynamic_agents']);
const SHELL_NAMES = new Set(['shell', 'shell_readonly', 'shell_file_ops']);
const DELEGATION_DYNAMIC_TOOLS = new Set(['worker_call', 'worker_create']);
const AGENT_NAME = /^[A-Za-z0-9_-]+$/;

export const BROWSER_UNSUPPORTED_NOTE = 'it is not supported in the browser and is ignored; the rest of the worker runs';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unsupported(report: Report, path: (string | number)[], what: string): void {
  report({ path, code: 'unsupported-in-browser', message: `${what}: ${BROWSER_UNSUPPORTED_NOTE}`, severity: 'warning', part: typeof path[path.length - 1] === 'string' ? 'key' : 'value' });
}

function addFilesystem(target: ToolsetMap, readOnly: boolean): void {
  const existing = isRecord(target.filesystem) ? target.filesystem : undefined;
  // A read-write listing wins over a read-only one; a read-only one never loosens an existing config.
  if (existing !== undefined) return;
  setOwnValue<unknown>(target, 'filesystem', readOnly ? { approvals: { write_file: 'blocked' } } : {});
}

function addAllowedWorker(target: ToolsetMap, name: string): void {
  const workers = isRecord(target.workers) ? { ...target.workers } : {};
  const allowed = Array.isArray(workers.allowed_workers) ? [...(workers.allowed_workers as unknown[])] : [];
  if (!allowed.includes(name)) allowed.push(name);
  workers.allowed_workers = allowed;
  target.workers = workers;
}

/** `_approval_config: {tool: {pre_approved: true}}` (llm-do) → Workerbench per-tool approvals. */
function approvalsFromLlmDo(config: unknown): Record<string, string> | undefined {
  if (!isRecord(config)) return undefined;
  const approvals: Record<string, string> = {};
  for (const [tool, setting] of Object.entries(config)) {
    if (isRecord(setting) && typeof setting.pre_approved === 'boolean') setOwnValue<string>(approvals, tool, setting.pre_approved ? 'pre_approved' : 'prompt');
  }
  return Object.keys(approvals).length > 0 ? approvals : undefined;
}

/** Legacy `filesystem: {read_approval, write_approval}` → approvals; Workerbench keys pass through. */
function legacyFilesystemConfig(config: Record<string, unknown>): Record<string, unknown> {
  const { read_approval: readApproval, write_approval: writeApproval, _approval_config: approvalConfig, ...rest } = config;
  if (readApproval === undefined && writeApproval === undefined && approvalConfig === undefined) return config;
  const approvals: Record<string, unknown> = { ...approvalsFromLlmDo(approvalConfig) };
  if (typeof readApproval === 'boolean') {
    approvals.read_file = readApproval ? 'prompt' : 'pre_approved';
    approvals.list_files = readApproval ? 'prompt' : 'pre_approved';
  }
  if (typeof writeApproval === 'boolean') approvals.write_file = writeApproval ? 'prompt' : 'pre_approved';
  return { ...rest, approvals: { ...approvals, ...(isRecord(rest.approvals) ? rest.approvals : {}) } };
}

interface AddDelegationOptions {
  target: ToolsetMap;
  config: unknown;
  report: Report;
  path: (string | number)[];
}

/** Legacy `delegation`: listed workers become worker tools, worker_call/worker_create the dynamic tools. */
function addDelegation({ target, config, report, path }: AddDelegationOptions): void {
  if (config === null || config === undefined) return;
  if (!isRecord(config)) {
    report({ path, code: 'invalid-type', message: `"toolsets.delegation" must be a mapping of worker names (and worker_call / worker_create), but it is ${describeValue(config)}`, severity: 'error' });
    return;
  }
  for (const [key, value] of Object.entries(config)) {
    if (key === '_approval_config') continue;
    if (DELEGATION_DYNAMIC_TOOLS.has(key)) {
      if (!isRecord(target.dynamic_workers)) target.dynamic_workers = {};
    } else if (key === 'allow_workers') {
      if (!Array.isArray(value)) {
        report({ path: [...path, key], code: 'invalid-type', message: `"toolsets.delegation.allow_workers" must be a list of worker names, but it is ${describeValue(value)}`, severity: 'error' });
        continue;
      }
      value.forEach((name) => addAllowedWorker(target, String(name)));
    } else {
      addAllowedWorker(target, key);
    }
  }
}

/**
 * A list entry read as the name of an agent. Only the project knows whether it
 * is one; if not, it is a Python toolset (llm-do's TOOLSETS), which the project
 * check turns into a warning instead of a missing-worker error.
 */
export interface AgentReference {
  name: string;
  /** Index in the `toolsets` list, for locating the diagnostic. */
  index: number;
}

/** HEAD's list form: every entry is a built-in toolset or the name of an agent. */
function fromList(list: unknown[], report: Report, references: AgentReference[]): ToolsetMap {
  const target: ToolsetMap = {};
  const readOnly: number[] = [];
  list.forEach((entry, index) => {
    if (typeof entry !== 'string') {
      report({ path: ['toolsets', index], code: 'invalid-type', message: `"toolsets[${index}]" must be a toolset name (filesystem, workers, dynamic_workers or an llm-do toolset) or an agent name, but it is ${describeValue(entry)}`, severity: 'error' });
      return;
    }
    if (FILESYSTEM_NAMES.has(entry)) setOwnValue<unknown>(target, 'filesystem', {});
    else if (READ_ONLY_FILESYSTEM_NAMES.has(entry)) readOnly.push(index);
    else if (DYNAMIC_NAMES.has(entry)) setOwnValue<unknown>(target, 'dynamic_workers', {});
    else if (entry === 'workers') setOwnValue<unknown>(target, 'workers', isRecord(target.workers) ? target.workers : {});
    else if (SHELL_NAMES.has(entry)) unsupported(report, ['toolsets', index], `The toolset "${entry}" runs shell commands`);
    else if (AGENT_NAME.test(entry)) {
      addAllowedWorker(target, entry);
      references.push({ name: entry, index });
    }
    else report({ path: ['toolsets', index], code: 'unknown-toolset', message: `"${entry}" is neither a toolset nor an agent name (agent names use only letters, digits, "_" and "-")`, severity: 'error' });
  });
  if (readOnly.length > 0) addFilesystem(target, true);
  return target;
}

/** The mapping form: Workerbench's keys pass through; llm-do's are rewritten or dropped with a warning. */
function fromMapping(map: Record<string, unknown>, report: Report): ToolsetMap {
  const target: ToolsetMap = {};
  const readOnly: string[] = [];
  for (const [key, raw] of Object.entries(map)) {
    // A toolset written with no value (`filesystem:`) means its defaults.
    const value = raw === null ? {} : raw;
    const path = ['toolsets', key];
    if (key === 'filesystem') setOwnValue<unknown>(target, 'filesystem', isRecord(value) ? legacyFilesystemConfig(value) : value);
    else if (FILESYSTEM_NAMES.has(key)) addFilesystem(target, false);
    else if (READ_ONLY_FILESYSTEM_NAMES.has(key)) readOnly.push(key);
    else if (key === 'dynamic_agents') setOwnValue<unknown>(target, 'dynamic_workers', {});
    else if (key === 'delegation') addDelegation({ target, config: value, report, path });
    else if (SHELL_NAMES.has(key)) unsupported(report, path, `The toolset "${key}" runs shell commands`);
    else if (key === 'custom') unsupported(report, path, 'The toolset "custom" calls Python functions from tools.py');
    else if (key.includes('.')) unsupported(report, path, `The toolset "${key}" is a Python toolset class`);
    else if (key === 'workers' && isRecord(value)) {
      // Merge with workers that delegation may already have added.
      const allowed = value.allowed_workers === null || value.allowed_workers === undefined ? [] : value.allowed_workers;
      const previous = isRecord(target.workers) && Array.isArray(target.workers.allowed_workers) ? (target.workers.allowed_workers as unknown[]) : [];
      target.workers = { ...value, allowed_workers: Array.isArray(allowed) ? [...previous, ...allowed.filter((name) => !previous.includes(name))] : allowed };
    } else setOwnValue<unknown>(target, key, value);
  }
  if (readOnly.length > 0) addFilesystem(target, true);
  return target;
}

/**
 * Rewrites `toolsets` (list or mapping, either format) to the canonical
 * mapping; anything unrecognised is left for the schema to report.
 */
export function normalizeToolsets(toolsets: unknown, report: Report, references: AgentReference[] = []): unknown {
  if (toolsets === null) return {};
  if (Array.isArray(toolsets)) return fromList(toolsets, report, references);
  if (isRecord(toolsets)) return fromMapping(toolsets, report);
  return toolsets;
}
