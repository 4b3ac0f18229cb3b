/**
 * Tool names the built-in toolsets own. A worker named like one of these could
 * never be called as a tool, so it is a diagnostic at load time.
 */
export const BUILTIN_TOOL_NAMES: Readonly<Record<string, 'filesystem' | 'workers' | 'dynamic_workers'>> = {
  list_files: 'filesystem',
  read_file: 'filesystem',
  write_file: 'filesystem',
  call_worker: 'workers',
  worker_create: 'dynamic_workers',
  worker_call: 'dynamic_workers',
  // llm-do's names for the same tools (dynamic_agents).
  agent_create: 'dynamic_workers',
  agent_call: 'dynamic_workers',
};

export function isBuiltinToolName(name: string): boolean {
  return Object.hasOwn(BUILTIN_TOOL_NAMES, name);
}
