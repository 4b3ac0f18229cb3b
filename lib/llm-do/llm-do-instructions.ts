import type { WorkerDefinition } from '@/lib/worker/worker-schema';

/**
 * Instructions written for Workerbench can name tools llm-do spells differently or does not
 * have. The dynamic worker tools are llm-do's under other names (dynamic_agents:
 * `agent_create`, `agent_call`), so a worker exported with them gets its instructions
 * respelled, and the export dialog says so; `worker_create`'s `replace` has no llm-do form
 * (llm-do's agent_create refuses a name whose file exists, e.g. from an earlier run), and a
 * tool named in the text that the exported agent will not have is listed too.
 */
export interface LlmDoInstructions {
  instructions: string;
  notes: string[];
}

const RENAMED: Record<string, string> = { worker_create: 'agent_create', worker_call: 'agent_call' };

/** A tool name as a word: not a part of a longer identifier such as my_worker_create. */
function mentions(text: string, word: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])${word}(?![A-Za-z0-9_])`, 'g');
}

export function llmDoInstructions(worker: WorkerDefinition): LlmDoInstructions {
  const notes: string[] = [];
  let instructions = worker.instructions;
  const dynamic = worker.toolsets?.dynamic_workers !== undefined;
  for (const [ours, theirs] of Object.entries(RENAMED)) {
    if (!mentions(instructions, ours).test(instructions)) continue;
    if (dynamic) {
      instructions = instructions.replace(mentions(instructions, ours), theirs);
      notes.push(`${worker.name}: its instructions name ${ours}; llm-do calls it ${theirs}, so the exported instructions say ${theirs}`);
    } else {
      notes.push(`${worker.name}: its instructions name ${ours}, a tool it does not have here or in llm-do (no dynamic_workers toolset)`);
    }
  }
  if (/`replace`|\breplace:\s*true\b/.test(instructions)) {
    notes.push(
      `${worker.name}: its instructions ask for worker_create's replace, which llm-do's agent_create does not have: llm-do refuses to create an agent whose file already exists (from an earlier run, say), so a second run can fail`,
    );
  }
  return { instructions, notes };
}
