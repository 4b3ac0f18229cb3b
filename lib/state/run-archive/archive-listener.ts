import type { RunEvent } from '@/lib/runtime/events';
import type { StepRecorder } from '@/lib/runtime/step-record';
import { browserRunArchive } from './archived-runs';
import { createArchiveWriter } from './archive-writer';

/**
 * Keeps a run started outside the Run form (a test case, a grader) like any run: its
 * events and model steps go to the archive as they happen, and each new run makes room
 * within the archive's budget. Without IndexedDB it keeps nothing and says nothing.
 */
export interface ArchiveListener {
  onEvent: (event: RunEvent) => void;
  recordStep: StepRecorder;
  flush: () => Promise<void>;
}

export function createArchiveListener(project: string, onError: (error: unknown) => void): ArchiveListener {
  const archive = browserRunArchive();
  const recorder = archive === null ? null : createArchiveWriter(archive, project, onError);
  return {
    onEvent: (event) => {
      recorder?.record(event);
      if (event.type === 'run-start') void archive?.prune().catch(() => undefined);
    },
    recordStep: (step) => recorder?.recordStep(step),
    flush: async () => {
      await recorder?.flush();
    },
  };
}
