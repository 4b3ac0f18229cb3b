import { WaitingError, type Job } from 'bullmq';
import { errorMessage } from '@/lib/errors/error-message';
import { runTestCase } from '@/lib/worker-tests/run-test-case';
import { createApprovalAnswers, parseApprovalFlag } from '../approval-answers';
import { nodeRegexMatcher } from '../node-regex-matcher';
import { scratchCaseRunner } from '../scratch-case-runner';
import { runFromCheckpoint } from './checkpointed-run';
import { checkpointKey, readCheckpoint, writeCheckpoint } from './run-checkpoint';
import { handBack, type ProcessorContext } from './run-job-processor';
import type { TestCaseJobData, TestCaseJobResult } from './run-queue';
import type { WorkerProjects } from './worker-projects';

/**
 * What a `workerbench worker` does with a test-case job: the case on its
 * model as `workerbench test` runs it locally (scratch-case-runner.ts), its
 * checks evaluated here, and the verdict sent back with every run's record.
 * Each of the case's runs — its own, then each grader's, one after another —
 * is checkpointed as a batch item's run is (checkpointed-run.ts), as part 0,
 * 1, … of the job: a case taken over (its worker killed) or handed back (its
 * worker leaving) follows the runs that ended to the same outputs and
 * resumes the one cut off, so no recorded step is asked for again.
 * What the earlier attempt's tools wrote stayed in its worker's scratch
 * copy; their recorded results stand, as they do for a batch item.
 */
export function createTestCaseJobProcessor(context: ProcessorContext, projectFor: WorkerProjects): (job: Job<TestCaseJobData, TestCaseJobResult>, token?: string) => Promise<TestCaseJobResult> {
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
    const records: TestCaseJobResult['records'] = [];
    let resumed = 0;
    // The case's runs go one after another (runTestCase awaits each), so their order names them.
    let parts = 0;
    const run = scratchCaseRunner({
      project,
      models: context.models,
      approvalHandler: answers.handler,
      signal: controller.signal,
      onRecord: (runId, record) => records.push({ runId, record }),
      execute: async (request) => {
        const result = await runFromCheckpoint({ earlier, writer: checkpoint, part: parts++, run: request });
        if (result.resumedFrom !== undefined) resumed += 1;
        return result;
      },
    });
    try {
      const result = await runTestCase({ worker: data.worker, testCase: data.testCase, model: data.model, run, matchRegex: nodeRegexMatcher });
      if (context.draining.aborted) await handBack({ context, job, token, checkpoint });
      await checkpoint.flushed();
      return { result, records, unanswered: answers.unanswered(), resumed };
    } catch (error) {
      if (error instanceof WaitingError) throw error;
      throw new Error(`${data.file}: ${data.testCase.name} [${data.model}]: ${errorMessage(error)}`, { cause: error });
    } finally {
      context.draining.removeEventListener('abort', leave);
    }
  };
}
