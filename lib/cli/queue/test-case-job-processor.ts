import { readFileSync } from 'node:fs';
import { WaitingError, type Job } from 'bullmq';
import { errorMessage } from '@/lib/errors/error-message';
import { runTestCase } from '@/lib/worker-tests/run-test-case';
import { createApprovalAnswers, parseApprovalFlag } from '../approval-answers';
import { nodeRegexMatcher } from '../node-regex-matcher';
import { scratchCaseRunner } from '../scratch-case-runner';
import type { ProcessorContext } from './run-job-processor';
import type { TestCaseJobData, TestCaseJobResult } from './run-queue';
import type { WorkerProjects } from './worker-projects';

/**
 * What a `workerbench worker` does with a test-case job: the case on its
 * model as `workerbench test` runs it locally (scratch-case-runner.ts), its
 * checks evaluated here, and the verdict sent back with every run's record.
 * A case runs in a scratch copy that lives only in this process, so a case
 * handed back (the worker draining) or taken over (the worker killed) starts
 * again from its beginning on the next worker, rather than from a checkpoint.
 */
export function createTestCaseJobProcessor(context: ProcessorContext, projectFor: WorkerProjects): (job: Job<TestCaseJobData, TestCaseJobResult>, token?: string) => Promise<TestCaseJobResult> {
  return async (job, token) => {
    const data = job.data;
    const project = await projectFor(data.project, data.trustProject);
    const controller = new AbortController();
    const stop = () => controller.abort();
    context.draining.addEventListener('abort', stop, { once: true });
    const answers = createApprovalAnswers(parseApprovalFlag(data.approve), { stopRun: stop });
    const records: TestCaseJobResult['records'] = [];
    const run = scratchCaseRunner({
      project,
      models: context.models,
      approvalHandler: answers.handler,
      signal: controller.signal,
      onRecord: (runId, recordPath) => records.push({ runId, record: readFileSync(recordPath, 'utf8') }),
    });
    try {
      const result = await runTestCase({ worker: data.worker, testCase: data.testCase, model: data.model, run, matchRegex: nodeRegexMatcher });
      if (context.draining.aborted) {
        // Stopped because this worker is leaving: back to the queue, run again elsewhere.
        await job.moveToWait(token);
        context.onHandBack?.(job.id!);
        throw new WaitingError();
      }
      return { result, records, unanswered: answers.unanswered() };
    } catch (error) {
      if (error instanceof WaitingError) throw error;
      throw new Error(`${data.file}: ${data.testCase.name} [${data.model}]: ${errorMessage(error)}`, { cause: error });
    } finally {
      context.draining.removeEventListener('abort', stop);
    }
  };
}
