import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import { createOverlayFileSystem } from '@/lib/vfs/overlay-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import type { WorkerRunner } from '@/lib/worker-tests/run-test-case';
import type { CliModelAccess } from './cli-model-access';
import { executeCliRun, type CliRunRequest, type CliRunResult } from './execute-cli-run';
import type { CliProject } from './open-project';

/**
 * How `workerbench test` runs a case — locally, or on a queue worker — as the
 * Tests dialog does: every run, a case's or a grader's, a normal run with its
 * record, in its own scratch copy of the folder (the copy-on-write overlay),
 * from the same grants (none), so nothing a case writes reaches the project.
 */
export function scratchCaseRunner(options: {
  project: CliProject;
  models: CliModelAccess;
  approvalHandler: ApprovalHandler;
  signal: AbortSignal;
  /**
   * Given, each run's record is kept in memory and handed here instead of
   * written to the runs folder (a queue worker sends them back with the verdict).
   */
  onRecord?: (runId: string, recordText: string) => void;
  /** How each run is started (a queue worker checkpoints and resumes them: lib/cli/queue); executeCliRun otherwise. */
  execute?: (request: CliRunRequest) => Promise<CliRunResult>;
}): WorkerRunner {
  const { project } = options;
  const execute = options.execute ?? executeCliRun;
  return async (request) => {
    const overlay = createProjectSandbox(createOverlayFileSystem(project.fileSystem), '/');
    const result = await execute({
      project,
      sandbox: overlay,
      workerName: request.worker,
      input: request.input,
      attachments: request.attachments,
      model: request.model,
      models: options.models,
      approvalHandler: options.approvalHandler,
      signal: options.signal,
      ...(options.onRecord === undefined ? {} : { recordInMemory: true }),
    });
    if (result.recordText != null) options.onRecord?.(result.outcome.runId, result.recordText);
    return { outcome: result.outcome, tokens: result.tokens, events: result.events };
  };
}
