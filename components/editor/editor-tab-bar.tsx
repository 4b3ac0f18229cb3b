'use client';

import { X } from 'lucide-react';
import { Icon } from '@/components/icons/icon';
import { StatusIcon } from '@/components/run/status-icon';
import { useRunStore } from '@/lib/state/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace-store';

/** A markdown file can be shown rendered; the pane owns that choice, the tab bar offers it. */
export interface PreviewToggle {
  previewing: boolean;
  onToggle: () => void;
}

/**
 * The editor area's tabs: the open file (with its unsaved mark) and the runs
 * opened as documents, each closable. The file's own actions (preview,
 * download) follow when its tab is in front.
 */
export function EditorTabBar({ preview, runTabs }: { preview?: PreviewToggle; runTabs: readonly string[] }) {
  const openPath = useWorkspaceStore((state) => state.openPath);
  const dirty = useWorkspaceStore((state) => {
    const buffer = state.openPath === null ? undefined : state.buffers.get(state.openPath);
    return buffer !== undefined && buffer.text !== buffer.savedText;
  });
  const downloadFile = useWorkspaceStore((state) => state.downloadFile);
  const activeRunTab = useRunStore((state) => state.activeRunTab);
  const showFileTab = useRunStore((state) => state.showFileTab);
  const fileInFront = activeRunTab === null || !runTabs.includes(activeRunTab);
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
        <RunTab key={runId} runId={runId} active={activeRunTab === runId} />
      ))}
      {!fileInFront || openPath === null ? null : (
        <>
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

/** A run's tab: its status, entry worker and start time; a click brings it to the front, × closes it. */
function RunTab({ runId, active }: { runId: string; active: boolean }) {
  const run = useRunStore((state) => state.tree.runs[runId]);
  const openRunTab = useRunStore((state) => state.openRunTab);
  const closeRunTab = useRunStore((state) => state.closeRunTab);
  if (run === undefined) return null;
  const label = `Run ${run.workerName} ${new Date(run.startedAt).toLocaleTimeString()}`;
  return (
    <span className={`editor-tab run-tab${active ? ' is-active' : ''}`} data-testid="run-tab" data-run-id={runId} data-status={run.status}>
      <button
        type="button"
        aria-current={active ? 'page' : undefined}
        className="run-tab-label"
        title={`${label}: ${run.input.trim() === '' ? '(no input)' : run.input}`}
        onClick={() => openRunTab(runId)}
      >
        <StatusIcon status={run.status} />
        {label}
      </button>
      <button type="button" className="icon-button tab-close" aria-label={`Close ${label}`} title="Close" data-testid="run-tab-close" onClick={() => closeRunTab(runId)}>
        <X size={13} aria-hidden="true" />
      </button>
    </span>
  );
}
