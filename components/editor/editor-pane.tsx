'use client';

import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { isMarkdownPath, useMarkdownPreviewStore } from '@/lib/state/ui/markdown-preview';
import { runTabsOf, useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { BinaryViewer } from '@/components/viewers/binary-viewer';
import { ImageViewer } from '@/components/viewers/image-viewer';
import { CodeEditor, EditorLoading } from './code-editor';
import { EditorStatusBar } from './editor-status-bar';
import { EditorTabBar } from './editor-tab-bar';
import { FILE_TAB, runTabValue, tabElementId, tabPanelId } from './editor-tab-values';
import { useAfterFirstPaint } from './use-after-first-paint';
import dynamic from 'next/dynamic';

// The tool preview parses the worker (yaml, zod, Ajv, the runtime's tool builder): loaded when a .worker file is open.
// pdf.js's page viewer comes with the first PDF opened, not with the page.
const PdfViewer = dynamic(() => import('@/components/viewers/pdf-viewer').then((module) => module.PdfViewer), { ssr: false });
// A run document (its tree, detail pane, toolbar menu) comes with the first run opened as a tab.
const RunDocument = dynamic(() => import('@/components/run/run-document').then((module) => module.RunDocument), { ssr: false });
const WorkerToolPreview = dynamic(() => import('./worker-tool-preview').then((module) => module.WorkerToolPreview), { ssr: false });

/** The main pane: the run document in front, or the right viewer for the open file, or a hint when nothing is open. */
export function EditorPane() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const openPath = useWorkspaceStore((state) => state.openPath);
  const openView = useWorkspaceStore((state) => state.openView);
  const phase = useWorkspaceStore((state) => state.phase);
  // The editor (Monaco) and the tool view (the parsers) load after the first project's tree is painted.
  const painted = useAfterFirstPaint(phase === 'ready');
  // The one markdown file shown rendered (a run's markdown result opens so); another file shows its source.
  const previewPath = useMarkdownPreviewStore((state) => state.previewPath);
  const setPreviewPath = useMarkdownPreviewStore((state) => state.setPreviewPath);
  const markdownOpen = openPath !== null && openView?.kind === 'text' && isMarkdownPath(openPath);
  const previewing = markdownOpen && previewPath === openPath;
  // A project shows its own runs' tabs; another project's stay open for when it comes back.
  const runTabIds = useRunTabsStore(useShallow((state) => runTabsOf(state.tabs, project)));
  const activeRunTab = useRunTabsStore((state) => state.activeRunTab);
  const runInFront = activeRunTab !== null && runTabIds.includes(activeRunTab) ? activeRunTab : null;
  // Ties each tab to its panel below (aria-controls, aria-labelledby).
  const baseId = useId();

  let body: React.ReactNode;
  if (phase === 'starting') body = <div className="pane-placeholder">Opening your projects…</div>;
  else if (project === null) body = <div className="pane-placeholder">No project. Create one with the + button next to “Project”.</div>;
  else if (openPath === null || openView === null) body = <div className="pane-placeholder">Select a file in the tree to open it.</div>;
  else if (openView.kind === 'text' && previewing) body = <MarkdownFilePreview path={openPath} />;
  else if (openView.kind === 'text' && !painted) body = <EditorLoading />;
  else if (openView.kind === 'text') body = <CodeEditor key={project} project={project} path={openPath} />;
  else if (openView.kind === 'pdf') body = <PdfViewer key={openPath} path={openPath} bytes={openView.bytes} />;
  else if (openView.kind === 'image') body = <ImageViewer key={openPath} path={openPath} bytes={openView.bytes} mimeType={openView.mimeType} />;
  else body = <BinaryViewer path={openPath} size={openView.size} />;

  return (
    <section className="editor-pane" aria-label="Editor">
      <EditorTabBar
        preview={markdownOpen ? { previewing, onToggle: () => setPreviewPath(previewing ? null : openPath) } : undefined}
        runTabs={runTabIds}
        runInFront={runInFront}
        baseId={baseId}
      />
      <div className="editor-body">
        {/* The file stays mounted behind a run's tab: Monaco keeps its undo history, cursor and scroll.
            Its panel is a tab panel once there is a file tab; the placeholders before are not. */}
        <div className="editor-file" hidden={runInFront !== null} {...(openPath === null ? {} : tabPanelProps(baseId, FILE_TAB))}>
          {body}
        </div>
        {/* Every run tab has its panel (its tab controls it); only the one in front holds its document. */}
        {runTabIds.map((runId) => (
          <div key={runId} className="editor-run" hidden={runId !== runInFront} {...tabPanelProps(baseId, runTabValue(runId))}>
            {runId === runInFront ? <RunDocument runId={runId} /> : null}
          </div>
        ))}
      </div>
      {runInFront === null && openView?.kind === 'text' && !previewing ? <EditorStatusBar /> : null}
      {painted && runInFront === null ? <WorkerToolPreview /> : null}
    </section>
  );
}

/** A tab panel's attributes; it takes the focus by Tab after its tab, as the tabs pattern has it. */
function tabPanelProps(baseId: string, value: string) {
  return { role: 'tabpanel', id: tabPanelId(baseId, value), 'aria-labelledby': tabElementId(baseId, value), tabIndex: 0 } as const;
}

/** A markdown file rendered from its buffer, so unsaved edits show too. */
function MarkdownFilePreview({ path }: { path: string }) {
  const text = useWorkspaceStore((state) => state.buffers.get(path)?.text ?? '');
  return (
    <div className="markdown-preview" data-testid="markdown-preview">
      <MarkdownView text={text} collapsible={false} />
    </div>
  );
}
