import type { ApprovalHandler, ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import { UsageError } from './usage-error';

/**
 * Who answers a run's approval questions when no dialog exists. `--approve`
 * answers ahead of time: `all` approves every question, `none` denies every
 * one, a list of tool names approves those tools' calls. A question the flag
 * does not answer goes to the person at the terminal; without a terminal it
 * stops the run, with a message that names the flag (a CI job must never hang
 * on a question nobody can see).
 */
export type ApprovalFlag = { kind: 'all' } | { kind: 'none' } | { kind: 'tools'; tools: ReadonlySet<string> } | { kind: 'ask' };

export function parseApprovalFlag(value: string | undefined): ApprovalFlag {
  if (value === undefined) return { kind: 'ask' };
  const trimmed = value.trim();
  if (trimmed === 'all') return { kind: 'all' };
  if (trimmed === 'none') return { kind: 'none' };
  const tools = trimmed.split(',').map((tool) => tool.trim()).filter((tool) => tool !== '');
  if (tools.length === 0) throw new UsageError('--approve takes "all", "none" or a comma-separated list of tool names (e.g. --approve write_file,worker_create).');
  return { kind: 'tools', tools: new Set(tools) };
}

/** Asks the person at the terminal; resolves with their answer (lib/cli/terminal-question.ts). */
export type TerminalAsker = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalResponse>;

export interface ApprovalAnswers {
  handler: ApprovalHandler;
  /** Set when a question could not be answered: the run was stopped for this reason. */
  unanswered(): string | null;
}

export function createApprovalAnswers(flag: ApprovalFlag, options: { ask?: TerminalAsker; stopRun: () => void }): ApprovalAnswers {
  let unanswered: string | null = null;
  // One question on the terminal at a time, even when several workers ask at once.
  let asking: Promise<unknown> = Promise.resolve();
  const handler: ApprovalHandler = async (request, signal) => {
    if (flag.kind === 'all') return { choice: 'approve_once' };
    if (flag.kind === 'none') return { choice: 'deny', reason: 'denied by --approve none' };
    if (flag.kind === 'tools' && flag.tools.has(request.toolName)) return { choice: 'approve_once' };
    const ask = options.ask;
    if (ask === undefined) {
      // A resumed run asks again about a call it cannot tell finished (ASK_AGAIN_NOTICE); say so.
      const again = request.notice === undefined ? '' : ` (${request.notice})`;
      unanswered ??= `${request.workerName} asked to run ${request.toolName}${again} and there is no terminal to ask; pass --approve all, --approve ${request.toolName} (a comma-separated list of tools), or --approve none to deny.`;
      options.stopRun();
      return { choice: 'deny', reason: 'no one could be asked' };
    }
    const answer = asking.then(() => ask(request, signal));
    asking = answer.catch(() => undefined);
    return answer;
  };
  return { handler, unanswered: () => unanswered };
}
