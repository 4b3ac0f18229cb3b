'use client';

import { DiffEditor } from '@monaco-editor/react';
// Configures the loader to use the bundled Monaco, not a CDN.
import '@/components/editor/monaco/monaco-setup';
import { languageForPath } from '@/components/editor/monaco/language-for-path';

interface MonacoDiffViewProps {
  path: string;
  before: string;
  after: string;
}

/** Two versions of one file side by side, read-only. */
export function MonacoDiffView({ path, before, after }: MonacoDiffViewProps) {
  return (
    <div className="history-diff" data-testid="history-diff">
      <DiffEditor
        height="280px"
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        original={before}
        modified={after}
        language={languageForPath(path)}
        options={{ readOnly: true, originalEditable: false, renderSideBySide: true, minimap: { enabled: false }, scrollBeyondLastLine: false }}
      />
    </div>
  );
}
