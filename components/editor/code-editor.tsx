'use client';

import dynamic from 'next/dynamic';

/**
 * Monaco is large and touches `window` at import time, so it loads on the
 * client only, after the shell is interactive.
 */
export const CodeEditor = dynamic(() => import('./monaco-code-editor').then((module) => module.MonacoCodeEditor), {
  ssr: false,
  loading: () => <EditorLoading />,
});

/** What the editor's place shows until Monaco is there. */
export function EditorLoading() {
  return (
    <div className="pane-placeholder" data-testid="editor-loading">
      Loading editor…
    </div>
  );
}
