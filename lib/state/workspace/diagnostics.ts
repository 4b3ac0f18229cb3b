import { analyzeTexts } from '../analyze-texts';
import type { WorkspaceContext } from './workspace-context';

export const ANALYSIS_DELAY_MS = 200;

/** Diagnostics of the current project, recomputed from the buffers now or after typing pauses. */
export interface Analysis {
  runAnalysis: () => void;
  scheduleAnalysis: () => void;
}

export function createAnalysis({ set, get }: WorkspaceContext): Analysis {
  let analysisTimer: ReturnType<typeof setTimeout> | undefined;

  function runAnalysis(): void {
    clearTimeout(analysisTimer);
    const { buffers, currentProject } = get();
    if (currentProject === null) {
      set({ diagnostics: [] });
      return;
    }
    set({ diagnostics: analyzeTexts(buffers) });
  }

  return {
    runAnalysis,
    scheduleAnalysis: () => {
      clearTimeout(analysisTimer);
      analysisTimer = setTimeout(runAnalysis, ANALYSIS_DELAY_MS);
    },
  };
}
