import { analyzeProject } from '@/lib/project/analyze-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { TextBuffer } from './workspace-types';
import { generatedFolderOfBuffers } from '../promote/generated-workers';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Project diagnostics from the in-memory texts (unsaved edits included), so
 * problems follow the keyboard rather than the last save.
 */
export function analyzeTexts(buffers: ReadonlyMap<string, TextBuffer>): Diagnostic[] {
  const files = [...buffers].map(([path, buffer]) => ({ path, text: buffer.text }));
  try {
    return analyzeProject({ manifestText: buffers.get(MANIFEST_FILE_NAME)?.text ?? null, files }).diagnostics;
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
export function checkProjectTexts(buffers: ReadonlyMap<string, TextBuffer>): { diagnostics: Diagnostic[]; generatedFolder: string | null } {
  return { diagnostics: analyzeTexts(buffers), generatedFolder: generatedFolderOfBuffers(buffers) };
}
