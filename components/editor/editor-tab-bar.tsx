'use client';

import dynamic from 'next/dynamic';
import { Icon } from '@/components/icons/icon';
import { useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

// The run store comes with the Run panel, after the first load; so do this button and the run tabs
// (a run tab exists only once a run has started or been opened, so the run store is there by then).
const RunWorkerTabButton = dynamic(() => import('@/components/run/run-worker-tab-button').then((module) => module.RunWorkerTabButton), { ssr: false });
const RunTab = dynamic(() => import('@/components/run/run-tab').then((module) => module.RunTab), { ssr: false });

/** A markdown file can be shown rendered; the pane owns that choice, the tab bar offers it. */
export interface PreviewToggle {
  previewing: boolean;
  onToggle: () => void;
}

/**
 * The editor area's tabs: the open file (with its unsaved mark) and the runs
 * opened as documents, each closable. The file's own actions (Run on a worker,
 * preview, download) follow when its tab is in front.
 */
export function EditorTabBar({ preview, runTabs, runInFront }: { preview?: PreviewToggle; runTabs: readonly string[]; runInFront: string | null }) {
  const openPath = useWorkspaceStore((state) => state.openPath);
  const dirty = useWorkspaceStore((state) => {
    const buffer = state.openPath === null ? undefined : state.buffers.get(state.openPath);
    return buffer !== undefined && buffer.text !== buffer.savedText;
  });
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  const showFileTab = useRunTabsStore((state) => state.showFileTab);
  const fileInFront = runInFront === null;
  return (
    <div className="editor-tabs" role="group" aria-label="Open file and runs">
      {openPath === null ? null : (
        <button type="button" aria-current={fileInFront ? 'page' : undefined} className={`editor-tab${fileInFront ? ' is-active' : ''}`} data-testid="editor-tab" title={openPath} onClick={showFileTab}>
          {openPath}
          {dirty ? (
            <span className="tab-dirty" aria-label="unsaved changes">
              ●
            </span>
          ) : null}
        </button>
      )}
      {runTabs.map((runId) => (
        <RunTab key={runId} runId={runId} active={runInFront === runId} />
      ))}
      {!fileInFront || openPath === null ? null : (
        <>
          {openPath.endsWith('.worker') ? <RunWorkerTabButton path={openPath} /> : null}
          {preview === undefined ? null : (
            <button type="button" className="tab-action" aria-pressed={preview.previewing} onClick={preview.onToggle} title="Show the markdown rendered, or the source">
              {preview.previewing ? 'Source' : 'Preview'}
            </button>
          )}
          <button type="button" className="icon-button tab-action" onClick={() => void downloadFile(openPath)} aria-label={`Download ${openPath}`} title="Download">
            <Icon name="download" />
          </button>
        </>
      )}
    </div>
  );
}
