import type { Job } from 'bullmq';
import { createRunJobProcessor, type ProcessorContext } from './run-job-processor';
import type { RunJobData, RunJobResult, TestCaseJobData, TestCaseJobResult } from './run-queue';
import { createTestCaseJobProcessor } from './test-case-job-processor';
import { createWorkerProjects } from './worker-projects';

export type QueueJob = Job<RunJobData | TestCaseJobData, RunJobResult | TestCaseJobResult>;

/** A worker's one processor: a job's name says whether it is a batch item's run or a test case. */
export function createJobProcessor(context: ProcessorContext): (job: QueueJob, token?: string) => Promise<RunJobResult | TestCaseJobResult> {
  const projects = createWorkerProjects(context.redis, context.prefix, context.cacheRoot);
  const runs = createRunJobProcessor(context, projects);
  const cases = createTestCaseJobProcessor(context, projects);
  return (job, token) => (job.name === 'test-case' ? cases(job as Job<TestCaseJobData, TestCaseJobResult>, token) : runs(job as Job<RunJobData, RunJobResult>, token));
}
