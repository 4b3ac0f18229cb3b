import { readFileSync } from 'node:fs';
import { WaitingError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { errorMessage } from '@/lib/errors/error-message';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { planResume } from '@/lib/runtime/recorded-run/resume-plan';
import { createApprovalAnswers, parseApprovalFlag } from '../approval-answers';
import type { CliModelAccess } from '../cli-model-access';
import { executeCliRun } from '../execute-cli-run';
import { openCliProject, type CliProject } from '../open-project';
import { materializeProject } from './project-store';
import { checkpointKey, readCheckpoint, writeCheckpoint } from './run-checkpoint';
import type { RunJobData, RunJobResult } from './run-queue';

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

export function createRunJobProcessor(context: ProcessorContext): (job: Job<RunJobData, RunJobResult>, token?: string) => Promise<RunJobResult> {
  const projects = new Map<string, Promise<CliProject>>();
  const projectFor = (hash: string, trusted: boolean) => {
    const key = `${hash}:${trusted}`;
    let project = projects.get(key);
    if (project === undefined) {
      project = materializeProject({ redis: context.redis, prefix: context.prefix, hash, cacheRoot: context.cacheRoot }).then((folder) => openCliProject(folder, { trusted }));
      // A failed load is tried again by the next job.
      project.catch(() => projects.delete(key));
      projects.set(key, project);
    }
    return project;
  };

  return async (job, token) => {
    const data = job.data;
    const project = await projectFor(data.project, data.trustProject);
    const key = checkpointKey(context.prefix, job.id!);
    const earlier = await readCheckpoint(context.redis, key);
    let recorded: RecordedRun | undefined;
    let input = data.item.input;
    let attachments: readonly string[] = data.item.attachments;
    let model = data.model;
    if (earlier !== null && !earlier.events.some((event) => event.type === 'run-end' || event.type === 'run-error')) {
      try {
        const plan = planResume(earlier.runId, earlier.events, earlier.steps);
        ({ input, attachments, recorded } = plan);
        model = plan.model ?? model;
      } catch {
        // A checkpoint cut off before the run's first call: the run starts again (nothing was paid).
      }
    }

    const controller = new AbortController();
    const stop = () => controller.abort();
    context.draining.addEventListener('abort', stop, { once: true });
    const answers = createApprovalAnswers(parseApprovalFlag(data.approve), { stopRun: stop });
    const checkpoint = writeCheckpoint(context.redis, key);
    try {
      const result = await executeCliRun({
        project,
        workerName: data.worker,
        input,
        attachments,
        ...(model === undefined ? {} : { model }),
        models: context.models,
        approvalHandler: answers.handler,
        signal: controller.signal,
        snapshot: { binaries: 'attached' },
        ...(recorded === undefined ? {} : { recorded }),
        onEvent: (event) => checkpoint.event(event),
        onStep: (step) => checkpoint.step(step),
      });
      if (context.draining.aborted) {
        // Stopped because this worker is leaving: back to the queue, resumed elsewhere from the checkpoint.
        await checkpoint.flushed().catch(() => undefined);
        await job.moveToWait(token);
        context.onHandBack?.(job.id!);
        throw new WaitingError();
      }
      await checkpoint.flushed();
      const { outcome } = result;
      const record = result.recordPath === null ? null : readFileSync(result.recordPath, 'utf8');
      const steps = result.events.filter((event) => event.type === 'step-finish').length;
      const base = { runId: outcome.runId, record, steps, tokens: result.tokens, ...(earlier === null || recorded === undefined ? {} : { resumedFrom: earlier.runId }) };
      if (outcome.status === 'completed') return { status: 'completed', output: outcome.output, ...base };
      return { status: 'failed', error: answers.unanswered() ?? `${outcome.error.code}: ${outcome.error.message}`, ...base };
    } catch (error) {
      if (error instanceof WaitingError) throw error;
      throw new Error(`${data.item.id}: ${errorMessage(error)}`, { cause: error });
    } finally {
      context.draining.removeEventListener('abort', stop);
    }
  };
}
