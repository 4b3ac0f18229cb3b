import { errorMessage } from '@/lib/errors/error-message';
import type { WorkspaceContext } from './workspace-context';

export const ANALYSIS_DELAY_MS = 200;

/** Diagnostics of the current project, recomputed from the buffers now or after typing pauses. */
export interface Analysis {
  /** Resolves when the diagnostics of the buffers as they are now are in the state. */
  runAnalysis: () => Promise<void>;
  scheduleAnalysis: () => void;
}

type Analyzer = typeof import('./analyze-texts');

/**
 * The analyzer (yaml, zod, Ajv: the largest part of the app's code) is not
 * part of the page's first load: the file tree is usable before it arrives.
 * It is fetched on the first analysis, and prefetched when the page is idle.
 */
let analyzer: Analyzer | undefined;
let loadingAnalyzer: Promise<Analyzer> | undefined;

export function loadAnalyzer(): Promise<Analyzer> {
  loadingAnalyzer ??= import('./analyze-texts').then((module) => (analyzer = module));
  // A failed fetch (offline, blocked chunk) is tried again next time rather than remembered.
  loadingAnalyzer.catch(() => {
    loadingAnalyzer = undefined;
  });
  return loadingAnalyzer;
}

export function createAnalysis({ set, get }: WorkspaceContext): Analysis {
  let analysisTimer: ReturnType<typeof setTimeout> | undefined;

  async function runAnalysis(): Promise<void> {
    clearTimeout(analysisTimer);
    const loaded = analyzer ?? (await loadAnalyzer().catch((error: unknown) => {
      set({ notice: { tone: 'error', message: `Could not load the project checker: ${errorMessage(error)}` } });
      return undefined;
    }));
    if (loaded === undefined) return;
    // Read after the load: the buffers as they are now, not as they were when asked.
    const { buffers, currentProject } = get();
    set(currentProject === null ? { diagnostics: [], generatedFolder: null } : loaded.checkProjectTexts(buffers));
  }

  return {
    runAnalysis,
    scheduleAnalysis: () => {
      clearTimeout(analysisTimer);
      analysisTimer = setTimeout(() => void runAnalysis(), ANALYSIS_DELAY_MS);
    },
  };
}
