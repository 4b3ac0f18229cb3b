'use client';

import { DiffEditor } from '@monaco-editor/react';
// Configures the loader to use the bundled Monaco, not a CDN.
import '@/components/editor/monaco/monaco-setup';
import { languageForPath } from '@/components/editor/monaco/language-for-path';
import { monacoTheme, useTheme } from '@/components/theme/theme';

interface MonacoDiffViewProps {
  path: string;
  before: string;
  after: string;
}

/**
 * Two versions of one file side by side, read-only, in the app's theme. Monaco's theme is global:
 * a diff in any other theme would repaint the main editor too (it once left it light until a reload).
 */
export function MonacoDiffView({ path, before, after }: MonacoDiffViewProps) {
  const theme = useTheme();
  return (
    <div className="history-diff" data-testid="history-diff">
      <DiffEditor
        height="100%"
        theme={monacoTheme(theme)}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        original={before}
        modified={after}
        language={languageForPath(path)}
        options={{ readOnly: true, originalEditable: false, renderSideBySide: true, useInlineViewWhenSpaceIsLimited: false, minimap: { enabled: false }, scrollBeyondLastLine: false, automaticLayout: true }}
      />
    </div>
  );
}
