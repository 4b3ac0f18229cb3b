import type * as Monaco from './monaco-editor-parts';

/** One Monaco model per project file; the URI keeps projects apart and survives special characters. */
export function modelUri(monaco: typeof Monaco, project: string, path: string): string {
  return monaco.Uri.from({ scheme: 'inmemory', authority: 'workerbench', path: `/${project}/${path}` }).toString();
}
