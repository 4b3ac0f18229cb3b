import { planResume } from '@/lib/runtime/recorded-run/resume-plan';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { executeCliRun, type CliRunRequest, type CliRunResult } from '../execute-cli-run';
import { withPaidUsage } from './paid-usage';
import type { Checkpoint, CheckpointedRun, CheckpointWriter } from './run-checkpoint';

/**
 * One run of a queue job on a worker, checkpointed as it goes and — when an
 * earlier attempt at the job got as far as this run (its worker killed, or
 * leaving) — following that attempt's checkpoint of it in resume mode
 * (lib/runtime/recorded-run), so no step it paid for is paid again and no
 * tool whose result it recorded runs again. Batch items (one run, part 0)
 * and test cases (the case's run, then each grader's, parts 0, 1, …) both
 * run here.
 */
export interface CheckpointedRunRequest {
  /** What earlier attempts at the job wrote. */
  earlier: Checkpoint;
  writer: CheckpointWriter;
  /** Which of the job's runs this is (0 the first); runs of a job go one after another. */
  part: number;
  run: CliRunRequest;
}

/**
 * The run's result, and for a resumed run its tokens and events with the
 * followed steps' tokens as the earlier attempt paid them (paid-usage.ts).
 */
export interface CheckpointedRunResult extends CliRunResult {
  /** The earlier attempt's run this one followed. */
  resumedFrom?: string;
}

export async function runFromCheckpoint({ earlier, writer, part, run }: CheckpointedRunRequest): Promise<CheckpointedRunResult> {
  const followed = followRun(earlier.lastRun(part));
  const steps: ModelStepRecord[] = [];
  const result = await executeCliRun({
    ...run,
    ...(followed?.request ?? {}),
    onEvent: (event) => {
      writer.event(part, event);
      run.onEvent?.(event);
    },
    onStep: (step) => {
      steps.push(step);
      writer.step(part, step);
      run.onStep?.(step);
    },
  });
  return followed === null ? result : { ...result, ...withPaidUsage(result.events, steps), resumedFrom: followed.runId };
}

/** How a new run follows a checkpointed one, or null when it starts afresh. */
function followRun(earlier: CheckpointedRun | null): { runId: string; request: Pick<CliRunRequest, 'input' | 'attachments' | 'model' | 'recorded'> } | null {
  if (earlier === null) return null;
  // A run that ended before its job's answer was saved (the worker killed in between) is followed to
  // the same end: each step and tool result is in the checkpoint, so nothing is asked or run again.
  const events = earlier.events.filter((event) => event.type !== 'run-end' && event.type !== 'run-error');
  try {
    const plan = planResume(earlier.runId, events, earlier.steps);
    return { runId: earlier.runId, request: { input: plan.input, attachments: plan.attachments, ...(plan.model === undefined ? {} : { model: plan.model }), recorded: plan.recorded } };
  } catch {
    // A checkpoint cut off before the run's first call: the run starts again (nothing was paid).
    return null;
  }
}
