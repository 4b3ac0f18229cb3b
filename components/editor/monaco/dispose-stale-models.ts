import type * as Monaco from './monaco-editor-parts';

/**
 * Monaco keeps a model per URI until disposed. Files that were deleted,
 * renamed or belong to a closed project would otherwise pile up (and a new
 * file at an old path would inherit the old undo history).
 */
export function disposeStaleModels(monaco: typeof Monaco, keep: ReadonlySet<string>): void {
  for (const model of monaco.editor.getModels()) {
    const uri = model.uri.toString();
    if (model.uri.scheme === 'inmemory' && model.uri.authority === 'workerbench' && !keep.has(uri) && !model.isAttachedToEditor()) {
      model.dispose();
    }
  }
}
