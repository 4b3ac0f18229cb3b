'use client';

import dynamic from 'next/dynamic';
import { Icon } from '@/components/icons/icon';
import { useRunTabsStore } from '@/lib/state/ui/run-tabs';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { FILE_TAB, runIdOfTab, runTabValue, tabElementId, tabPanelId } from './editor-tab-values';
import { useTabKit } from './tab-kit';

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
 * The editor area's tabs: the open file (with its unsaved mark) and the runs opened as
 * documents, each closable, as a tab list whose panels are the editor pane's (`baseId` ties
 * them). The file's own actions (Run on a worker, preview, download) follow the list, outside
 * it, when its tab is in front.
 */
export function EditorTabBar({ preview, runTabs, runInFront, baseId }: { preview?: PreviewToggle; runTabs: readonly string[]; runInFront: string | null; baseId: string }) {
  const { List, Trigger } = useTabKit();
  const openPath = useWorkspaceStore((state) => state.openPath);
  const dirty = useWorkspaceStore((state) => {
    const buffer = state.openPath === null ? undefined : state.buffers.get(state.openPath);
    return buffer !== undefined && buffer.text !== buffer.savedText;
  });
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  const fileInFront = runInFront === null;
  const showTab = (value: string) => {
    const runId = runIdOfTab(value);
    if (runId === null) useRunTabsStore.getState().showFileTab();
    else useRunTabsStore.getState().showRunTab(runId);
  };
  return (
    <div className="editor-tabs">
      {/* A tab list with no tab would be an empty one: none until a file or a run is open. */}
      {openPath === null && runTabs.length === 0 ? null : (
        <List value={fileInFront ? FILE_TAB : runTabValue(runInFront)} onValueChange={showTab} label="Open file and runs">
          {openPath === null ? null : (
            <Trigger
              value={FILE_TAB}
              tabId={tabElementId(baseId, FILE_TAB)}
              panelId={tabPanelId(baseId, FILE_TAB)}
              className={`editor-tab${fileInFront ? ' is-active' : ''}`}
              data-testid="editor-tab"
              title={openPath}
            >
              {openPath}
              {dirty ? (
                <span className="tab-dirty" role="img" aria-label="unsaved changes">
                  ●
                </span>
              ) : null}
            </Trigger>
          )}
          {runTabs.map((runId) => (
            <RunTab key={runId} runId={runId} active={runInFront === runId} baseId={baseId} />
          ))}
        </List>
      )}
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
