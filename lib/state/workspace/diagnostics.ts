import { errorMessage } from '@/lib/errors/error-message';
import { isAnalyzedPath } from './file-view-kind';
import { absolutePath } from './project-folders';
import { findNode } from './read-project-tree';
import type { TextBuffer } from './workspace-types';
import type { WorkspaceContext } from './workspace-context';

export const ANALYSIS_DELAY_MS = 200;

/** Diagnostics of the current project, recomputed from the buffers now or after typing pauses. */
export interface Analysis {
  /** Resolves when the diagnostics of the buffers as they are now are in the state. */
  runAnalysis: () => Promise<void>;
  scheduleAnalysis: () => void;
  /** Whether a change to this file can change the diagnostics: an analysed file, or one a template names. */
  concerns: (path: string) => boolean;
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
  // The files the last analysis's templates asked for, found or not.
  let templatePaths = new Set<string>();

  async function runAnalysis(): Promise<void> {
    clearTimeout(analysisTimer);
    const loaded = analyzer ?? (await loadAnalyzer().catch((error: unknown) => {
      set({ notice: { tone: 'error', message: `Could not load the project checker: ${errorMessage(error)}` } });
      return undefined;
    }));
    if (loaded === undefined) return;
    // Read after the load: the buffers as they are now, not as they were when asked.
    const { buffers, currentProject, tree, fileSystem, knownModels } = get();
    if (currentProject === null || fileSystem === null) {
      set({ diagnostics: [], generatedFolder: null, checkedProject: null });
      return;
    }
    // A legacy template may name any file (PROCEDURE.md): those not in memory are read, so the
    // diagnostics see the project's files exactly as the run's loader does.
    const templates = await loaded.readTemplateTexts(
      buffers,
      (path) => {
        const node = findNode(tree, path);
        return node?.kind === 'file' ? node.size : undefined;
      },
      (path) => fileSystem.readText(absolutePath(currentProject, path)),
    );
    if (get().currentProject !== currentProject) return;
    templatePaths = templates.asked;
    if (templates.files.length > 0) set((state) => ({ buffers: withTexts(state.buffers, templates.files) }));
    set({ ...loaded.checkProjectTexts(get().buffers, knownModels), checkedProject: currentProject });
  }

  return {
    runAnalysis,
    scheduleAnalysis: () => {
      clearTimeout(analysisTimer);
      analysisTimer = setTimeout(() => void runAnalysis(), ANALYSIS_DELAY_MS);
    },
    concerns: (path) => isAnalyzedPath(path) || templatePaths.has(path),
  };
}

/** The buffers plus saved texts read from storage; a buffer already there (maybe with typing) wins. */
function withTexts(buffers: ReadonlyMap<string, TextBuffer>, files: readonly { path: string; text: string }[]): Map<string, TextBuffer> {
  const next = new Map(buffers);
  for (const file of files) if (!next.has(file.path)) next.set(file.path, { text: file.text, savedText: file.text });
  return next;
}
