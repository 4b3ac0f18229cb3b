'use client';

import dynamic from 'next/dynamic';
import { Icon } from '@/components/icons/icon';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

// The run store comes with the Run panel, after the first load; so does this button.
const RunWorkerTabButton = dynamic(() => import('@/components/run/run-worker-tab-button').then((module) => module.RunWorkerTabButton), { ssr: false });

/** A markdown file can be shown rendered; the pane owns that choice, the tab bar offers it. */
export interface PreviewToggle {
  previewing: boolean;
  onToggle: () => void;
}

/** Shows which file is open and whether it has unsaved edits. */
export function EditorTabBar({ preview }: { preview?: PreviewToggle }) {
  const openPath = useWorkspaceStore((state) => state.openPath);
  const dirty = useWorkspaceStore((state) => {
    const buffer = state.openPath === null ? undefined : state.buffers.get(state.openPath);
    return buffer !== undefined && buffer.text !== buffer.savedText;
  });
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  if (openPath === null) return <div className="editor-tabs" />;
  return (
    <div className="editor-tabs">
      <span className="editor-tab is-active" data-testid="editor-tab" title={openPath}>
        {openPath}
        {dirty ? (
          <span className="tab-dirty" aria-label="unsaved changes">
            ●
          </span>
        ) : null}
      </span>
      {openPath.endsWith('.worker') ? <RunWorkerTabButton path={openPath} /> : null}
      {preview === undefined ? null : (
        <button type="button" className="tab-action" aria-pressed={preview.previewing} onClick={preview.onToggle} title="Show the markdown rendered, or the source">
          {preview.previewing ? 'Source' : 'Preview'}
        </button>
      )}
      <button type="button" className="icon-button tab-action" onClick={() => void downloadFile(openPath)} aria-label={`Download ${openPath}`} title="Download">
        <Icon name="download" />
      </button>
    </div>
  );
}
