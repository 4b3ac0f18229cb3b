'use client';

import { useEffect, useRef, useState } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import { monaco } from '@/components/editor/monaco/monaco-setup';
import { diagnosticMarkers, MARKER_OWNER } from '@/components/editor/monaco/diagnostic-markers';
import { disposeStaleModels } from '@/components/editor/monaco/dispose-stale-models';
import { rememberSuggestions } from '@/components/editor/monaco/quick-fixes';
import { languageForPath } from '@/components/editor/monaco/language-for-path';
import { modelUri } from '@/components/editor/monaco/model-uri';
import { useTabFocusMode } from '@/components/editor/monaco/use-tab-focus-mode';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { monacoTheme, useTheme } from '@/components/theme/theme';

type CodeEditorInstance = Parameters<OnMount>[0];

interface MonacoCodeEditorProps {
  project: string;
  path: string;
}

/** The Monaco editor for one open text file: buffer in, edits out, markers and reveals applied. */
export function MonacoCodeEditor({ project, path }: MonacoCodeEditorProps) {
  const text = useWorkspaceStore((state) => state.buffers.get(path)?.text ?? '');
  const diagnostics = useWorkspaceStore((state) => state.diagnostics);
  // Joined into one string so the effect below runs when the set of files changes, not on every keystroke.
  const bufferPaths = useWorkspaceStore((state) => [...state.buffers.keys()].join('\u0000'));
  const revealRequest = useWorkspaceStore((state) => state.revealRequest);
  const editText = useWorkspaceStore((state) => state.editText);
  const theme = useTheme();
  const editorRef = useRef<CodeEditorInstance | null>(null);
  const [mounted, setMounted] = useState(false);
  const uri = modelUri(monaco, project, path);
  // The instance as state as well as a ref: the Tab mode hook re-runs when it arrives.
  const [editorInstance, setEditorInstance] = useState<CodeEditorInstance | null>(null);
  useTabFocusMode(monaco, editorInstance);

  // A model kept from an earlier file at the same path may hold stale text.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (mounted && model && model.uri.toString() === uri && model.getValue() !== useWorkspaceStore.getState().buffers.get(path)?.text) {
      model.setValue(useWorkspaceStore.getState().buffers.get(path)?.text ?? '');
    }
  }, [mounted, uri, path]);

  useEffect(() => {
    if (!mounted) return;
    const keep = new Set(bufferPaths.split('\u0000').map((bufferPath) => modelUri(monaco, project, bufferPath)));
    keep.add(uri);
    disposeStaleModels(monaco, keep);
  }, [mounted, bufferPaths, project, uri]);

  useEffect(() => {
    if (!mounted) return;
    const model = monaco.editor.getModel(monaco.Uri.parse(uri));
    if (!model) return;
    monaco.editor.setModelMarkers(model, MARKER_OWNER, diagnosticMarkers(monaco, diagnostics, path));
    rememberSuggestions(uri, diagnostics.filter((diagnostic) => diagnostic.file === path));
  }, [mounted, uri, path, diagnostics]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!mounted || editor === null || revealRequest === null || revealRequest.path !== path) return;
    editor.revealLineInCenter(revealRequest.line);
    editor.setPosition({ lineNumber: revealRequest.line, column: revealRequest.column });
    editor.focus();
  }, [mounted, revealRequest, path]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    setEditorInstance(editor);
    setMounted(true);
  };

  return (
    <div className="code-editor" data-testid="code-editor" data-path={path}>
      <Editor
        path={uri}
        value={text}
        language={languageForPath(path)}
        theme={monacoTheme(theme)}
        onMount={onMount}
        onChange={(value) => editText(path, value ?? '')}
        loading={<div className="pane-placeholder">Loading editor…</div>}
        options={EDITOR_OPTIONS}
      />
    </div>
  );
}

const EDITOR_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  lineHeight: 19,
  tabSize: 2,
  insertSpaces: true,
  wordWrap: 'on',
  scrollBeyondLastLine: false,
  renderWhitespace: 'selection',
  fixedOverflowWidgets: true,
  // Word suggestions pop up while typing prose and Enter would accept them.
  wordBasedSuggestions: 'off',
} as const;
