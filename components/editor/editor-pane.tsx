'use client';

import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { BinaryViewer } from '@/components/viewers/binary-viewer';
import { ImageViewer } from '@/components/viewers/image-viewer';
import { PdfViewer } from '@/components/viewers/pdf-viewer';
import { CodeEditor } from './code-editor';
import { EditorTabBar } from './editor-tab-bar';
import { WorkerToolPreview } from './worker-tool-preview';

/** The main pane: the right viewer for the open file, or a hint when nothing is open. */
export function EditorPane() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const openPath = useWorkspaceStore((state) => state.openPath);
  const openView = useWorkspaceStore((state) => state.openView);
  const phase = useWorkspaceStore((state) => state.phase);

  let body: React.ReactNode;
  if (phase === 'starting') body = <div className="pane-placeholder">Opening your projects…</div>;
  else if (project === null) body = <div className="pane-placeholder">No project. Create one with the + button next to “Project”.</div>;
  else if (openPath === null || openView === null) body = <div className="pane-placeholder">Select a file in the tree to open it.</div>;
  else if (openView.kind === 'text') body = <CodeEditor key={project} project={project} path={openPath} />;
  else if (openView.kind === 'pdf') body = <PdfViewer key={openPath} path={openPath} bytes={openView.bytes} />;
  else if (openView.kind === 'image') body = <ImageViewer key={openPath} path={openPath} bytes={openView.bytes} mimeType={openView.mimeType} />;
  else body = <BinaryViewer path={openPath} size={openView.size} />;

  return (
    <section className="editor-pane" aria-label="Editor">
      <EditorTabBar />
      <div className="editor-body">{body}</div>
      <WorkerToolPreview />
    </section>
  );
}
