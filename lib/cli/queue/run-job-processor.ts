import { WaitingError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { errorMessage } from '@/lib/errors/error-message';
import { createApprovalAnswers, parseApprovalFlag } from '../approval-answers';
import type { CliModelAccess } from '../cli-model-access';
import { runFromCheckpoint } from './checkpointed-run';
import { checkpointKey, readCheckpoint, writeCheckpoint, type CheckpointWriter } from './run-checkpoint';
import type { RunJobData, RunJobResult } from './run-queue';
import { workerCallsOf } from './worker-calls';
import type { WorkerProjects } from './worker-projects';

/**
 * What a `workerbench worker` does with one job: the project from its hash
 * (written to this machine once), the run on the command line's runtime
 * (execute-cli-run.ts) with the shared provider gate in its model client,
 * every event and step checkpointed to Redis, and — when an earlier attempt
 * was cut off (a worker killed, a machine gone) — the run resumed from that
 * attempt's checkpoint, so no step it paid for is paid again.
 *
 * `draining` stops the runs in flight when the worker must go before they
 * end: the job is handed back to the queue (moveToWait) for another worker,
 * which resumes it from its checkpoint.
 */
export interface ProcessorContext {
  redis: Redis;
  prefix: string;
  models: CliModelAccess;
  /** Aborted when the worker hands its jobs back. */
  draining: AbortSignal;
  /** Where the projects are written on this machine (tests give each worker its own). */
  cacheRoot?: string;
  /** Told of each job handed back to the queue. */
  onHandBack?: (jobId: string) => void;
}

export function createRunJobProcessor(context: ProcessorContext, projectFor: WorkerProjects): (job: Job<RunJobData, RunJobResult>, token?: string) => Promise<RunJobResult> {
  return async (job, token) => {
    const data = job.data;
    const project = await projectFor(data.project, data.trustProject);
    const key = checkpointKey(context.prefix, job.id!);
    const earlier = await readCheckpoint(context.redis, key);
    const checkpoint = writeCheckpoint(context.redis, key);
    const controller = new AbortController();
    const stop = () => controller.abort();
    const leave = () => {
      checkpoint.cut();
      stop();
    };
    context.draining.addEventListener('abort', leave, { once: true });
    const answers = createApprovalAnswers(parseApprovalFlag(data.approve), { stopRun: stop });
    try {
      const result = await runFromCheckpoint({
        earlier,
        writer: checkpoint,
        part: 0,
        run: {
          project,
          workerName: data.worker,
          input: data.item.input,
          attachments: data.item.attachments,
          ...(data.model === undefined ? {} : { model: data.model }),
          models: context.models,
          approvalHandler: answers.handler,
          signal: controller.signal,
          snapshot: { binaries: 'attached' },
          recordInMemory: true,
        },
      });
      if (context.draining.aborted) await handBack({ context, job, token, checkpoint });
      await checkpoint.flushed();
      const { outcome } = result;
      const record = result.recordText ?? null;
      const steps = result.events.filter((event) => event.type === 'step-finish').length;
      const base = { runId: outcome.runId, record, steps, tokens: result.tokens, calls: workerCallsOf(result.events), ...(result.resumedFrom === undefined ? {} : { resumedFrom: result.resumedFrom }) };
      if (outcome.status === 'completed') return { status: 'completed', output: outcome.output, ...base };
      return { status: 'failed', error: answers.unanswered() ?? `${outcome.error.code}: ${outcome.error.message}`, ...base };
    } catch (error) {
      if (error instanceof WaitingError) throw error;
      throw new Error(`${data.item.id}: ${errorMessage(error)}`, { cause: error });
    } finally {
      context.draining.removeEventListener('abort', leave);
    }
  };
}

/**
 * A job stopped because this worker is leaving: back to the queue, where
 * another worker resumes it from its checkpoint (cut at the stop).
 */
export async function handBack({ context, job, token, checkpoint }: { context: ProcessorContext; job: Job; token: string | undefined; checkpoint: CheckpointWriter }): Promise<never> {
  await checkpoint.flushed().catch(() => undefined);
  await job.moveToWait(token);
  context.onHandBack?.(job.id!);
  throw new WaitingError();
}
