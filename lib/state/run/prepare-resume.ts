import { errorMessage } from '@/lib/errors/error-message';
import type { FileSystem } from '@/lib/vfs/file-system';
import { browserRunArchive } from '../run-archive/archived-runs';
import { planResume, type ResumePlan } from '@/lib/runtime/recorded-run/resume-plan';
import { followingRun, readProjectForRun, type PrepareOutcome } from './prepare-run';
import { toRunInfo } from './project-run-info';
import { selectEffectiveModel } from './run-selectors';
import type { RunState } from './run-state';

/**
 * The run that resumes an interrupted kept run: the same entry worker, input,
 * files and model as the kept one, following its record, on the project as it
 * is now (read fresh, like any run).
 */
export interface PrepareResumeOptions {
  fileSystem: FileSystem;
  project: string;
  runId: string;
  state: RunState;
}

export async function prepareResume({ fileSystem, project, runId, state }: PrepareResumeOptions): Promise<PrepareOutcome> {
  let plan: ResumePlan;
  try {
    const archive = browserRunArchive();
    if (archive === null) throw new Error('runs are not kept in this browser (no IndexedDB).');
    const [events, steps] = await Promise.all([archive.events(runId), archive.steps(runId)]);
    plan = planResume(runId, events, steps);
  } catch (error) {
    return { ok: false, patch: { startError: `Could not resume the run: ${errorMessage(error)}` } };
  }
  const read = await readProjectForRun(fileSystem, project);
  if (!read.ok) return read;
  const info = toRunInfo(project, read.loaded);
  const model = plan.model ?? selectEffectiveModel({ ...state, projectInfo: info });
  return { ok: true, run: followingRun({ fileSystem, project, read, start: { workerName: plan.workerName, input: plan.input, attachments: plan.attachments, model, recorded: plan.recorded } }) };
}
