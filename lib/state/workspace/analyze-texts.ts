import { analyzeProject } from '@/lib/project/analyze-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { TextBuffer } from './workspace-types';
import { generatedFolderOfBuffers } from '../promote/generated-workers';
import { errorMessage } from '@/lib/errors/error-message';
import { MAX_WORKER_FILE_BYTES } from '@/lib/worker/parse-worker-file';
import { readTemplateFiles, type TemplateFiles } from '@/lib/project/template-files';

/**
 * The files the buffers' legacy templates name that are not in the buffers, read from storage,
 * so the analysis expands `{{ file('PROCEDURE.md') }}` as the run will (with the run's limits:
 * lib/project/discover-project.ts). `sizeOf` is the tree's size of a file, undefined when none.
 */
export function readTemplateTexts(
  buffers: ReadonlyMap<string, TextBuffer>,
  sizeOf: (path: string) => number | undefined,
  readText: (path: string) => Promise<string>,
): Promise<TemplateFiles> {
  const given = [...buffers].map(([path, buffer]) => ({ path, text: buffer.text }));
  return readTemplateFiles(given, async (path) => {
    const size = sizeOf(path);
    if (size === undefined || size > MAX_WORKER_FILE_BYTES) return undefined;
    // Not text (or gone since the tree was read): the analysis reports the name as missing, as the run would.
    return readText(path).catch(() => undefined);
  });
}

/**
 * Project diagnostics from the in-memory texts (unsaved edits included), so
 * problems follow the keyboard rather than the last save.
 */
export function analyzeTexts(buffers: ReadonlyMap<string, TextBuffer>, knownModels: readonly string[] | null = null): Diagnostic[] {
  const files = [...buffers].map(([path, buffer]) => ({ path, text: buffer.text }));
  try {
    return analyzeProject({ manifestText: buffers.get(MANIFEST_FILE_NAME)?.text ?? null, files, ...(knownModels === null ? {} : { knownModels }) }).diagnostics;
  } catch (error) {
    // Analysis must never take the editor down; surface its failure as a problem instead.
    return [
      {
        file: MANIFEST_FILE_NAME,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        severity: 'error',
        code: 'analysis-failed',
        message: `Project analysis failed: ${errorMessage(error)}`,
      },
    ];
  }
}

/** What the workspace learns from checking the project: its diagnostics and its generated workers folder (for the tree's marks). */
export function checkProjectTexts(
  buffers: ReadonlyMap<string, TextBuffer>,
  knownModels: readonly string[] | null = null,
): { diagnostics: Diagnostic[]; generatedFolder: string | null } {
  return { diagnostics: analyzeTexts(buffers, knownModels), generatedFolder: generatedFolderOfBuffers(buffers) };
}
