import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { ApprovalHandler, ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunEvent } from '@/lib/runtime/events';
import { createSequentialIdGenerator } from '@/lib/runtime/ids';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { startRun, type RunOutcome, type StartRunOptions } from '@/lib/runtime/start-run';
import { testSandbox } from '@/lib/runtime/testing/test-project';

/** Test support: runs a project with a deterministic id generator and clock, recording everything. */
export interface HarnessResult {
  outcome: RunOutcome;
  events: RunEvent[];
  approvalRequests: ApprovalRequest[];
}

/** Answers approval prompts from a list, in order; a prompt beyond the list fails the test. */
export function scriptedApprovals(responses: ApprovalResponse[], seen: ApprovalRequest[] = []): ApprovalHandler {
  const queue = [...responses];
  return async (request) => {
    seen.push(request);
    const next = queue.shift();
    if (next === undefined) throw new Error(`unexpected approval prompt for ${request.toolName}`);
    return next;
  };
}

export const refuseToBeAsked: ApprovalHandler = async (request) => {
  throw new Error(`unexpected approval prompt for ${request.toolName}`);
};

export async function runProject(options: {
  project: RunnableProject;
  client: ModelStepClient;
  input?: string;
  workerName?: string;
  sandbox?: FileSystem;
  approvals?: ApprovalResponse[];
  approvalHandler?: ApprovalHandler;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  extra?: Partial<StartRunOptions>;
}): Promise<HarnessResult> {
  const events: RunEvent[] = [];
  const approvalRequests: ApprovalRequest[] = [];
  let tick = 1_000;
  const outcome = await startRun({
    project: options.project,
    // Tests of the loop run a project as its author would; trust tests pass extra.projectTrust.
    projectTrust: 'trusted',
    sandbox: options.sandbox ?? (await testSandbox()),
    workerName: options.workerName,
    input: options.input ?? 'Go.',
    modelClient: options.client,
    approvalHandler:
      options.approvalHandler ??
      (options.approvals === undefined ? refuseToBeAsked : scriptedApprovals(options.approvals, approvalRequests)),
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
    signal: options.signal,
    idGenerator: createSequentialIdGenerator(),
    clock: () => (tick += 10),
    ...options.extra,
  });
  return { outcome, events, approvalRequests };
}

/** Events of one type, narrowed. */
export function eventsOfType<T extends RunEvent['type']>(events: RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);
}
