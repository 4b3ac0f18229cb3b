'use client';

import { Icon } from '@/components/icons/icon';
import { useRef } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { findNode } from '@/lib/state/read-project-tree';
import { generatedFolderOfBuffers, isPromotablePath } from '@/lib/state/generated-workers';
import { requestPromoteWorker } from '@/lib/state/promote';
import { targetFolder } from './target-folder';

/** Commands on the tree: they act on the selected node or inside the selected folder. */
export function FileTreeToolbar() {
  const tree = useWorkspaceStore((state) => state.tree);
  const selectedPath = useWorkspaceStore((state) => state.selectedPath);
  const hasProject = useWorkspaceStore((state) => state.currentProject !== null);
  const selectedPromotable = useWorkspaceStore((state) => state.selectedPath !== null && isPromotablePath(state.selectedPath, generatedFolderOfBuffers(state.buffers)));
  const store = useWorkspaceStore.getState;
  const uploadInput = useRef<HTMLInputElement>(null);
  const selected = selectedPath === null ? null : findNode(tree, selectedPath);
  const folder = targetFolder(tree, selectedPath);

  return (
    <div className="tree-toolbar" role="toolbar" aria-label="File actions">
      <button type="button" className="icon-button" disabled={!hasProject} onClick={() => void store().requestCreateFile(folder)} aria-label="New file" title="New file">
        <Icon name="file-plus" />
      </button>
      <button type="button" className="icon-button" disabled={!hasProject} onClick={() => void store().requestCreateFolder(folder)} aria-label="New folder" title="New folder">
        <Icon name="folder-plus" />
      </button>
      <button type="button" className="icon-button" disabled={!hasProject} onClick={() => uploadInput.current?.click()} aria-label="Upload files" title="Upload files">
        <Icon name="upload" />
      </button>
      <span className="toolbar-separator" aria-hidden="true" />
      <button type="button" className="icon-button" disabled={selected === null} onClick={() => selected && void store().requestRename(selected.path)} aria-label="Rename" title="Rename (F2)">
        <Icon name="rename" />
      </button>
      <button type="button" className="icon-button" disabled={selected === null} onClick={() => selected && void store().requestMove(selected.path)} aria-label="Move to…" title="Move to…">
        <Icon name="move" />
      </button>
      <button
        type="button"
        className="icon-button"
        disabled={selected === null || selected.kind !== 'file'}
        onClick={() => selected && void store().downloadFile(selected.path)}
        aria-label="Download"
        title="Download"
      >
        <Icon name="download" />
      </button>
      <button
        type="button"
        className="icon-button"
        disabled={!selectedPromotable}
        onClick={() => selected && void requestPromoteWorker(selected.path)}
        aria-label="Promote generated worker"
        title="Promote the selected generated worker into the project (P)"
      >
        <Icon name="promote" />
      </button>
      <button type="button" className="icon-button" disabled={selected === null} onClick={() => selected && void store().requestDelete(selected.path)} aria-label="Delete" title="Delete (Del)">
        <Icon name="trash" />
      </button>
      <input
        ref={uploadInput}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        aria-label="Choose files to upload"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void store().uploadFiles(files, folder);
        }}
      />
    </div>
  );
}
