'use client';

import { IconButton } from '@/components/icons/icon-button';
import { OverflowMenu } from '@/components/menus/overflow-menu';
import { useRef } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { findNode } from '@/lib/state/workspace/read-project-tree';
import { isPromotablePath } from '@/lib/state/promote/generated-paths';
import { requestPromoteWorker } from '@/lib/state/promote/promote-on-demand';
import { targetFolder } from './target-folder';

/** Commands on the tree: they act on the selected node or inside the selected folder. */
export function FileTreeToolbar() {
  const tree = useWorkspaceStore((state) => state.tree);
  const selectedPath = useWorkspaceStore((state) => state.selectedPath);
  // Not while a first visit shows the example from its manifest: it is not stored yet.
  const hasProject = useWorkspaceStore((state) => state.currentProject !== null && state.phase === 'ready');
  const selectedPromotable = useWorkspaceStore((state) => state.selectedPath !== null && isPromotablePath(state.selectedPath, state.generatedFolder));
  const store = useWorkspaceStore.getState;
  const uploadInput = useRef<HTMLInputElement>(null);
  const selected = selectedPath === null ? null : findNode(tree, selectedPath);
  const folder = targetFolder(tree, selectedPath);

  return (
    <div className="tree-toolbar" role="toolbar" aria-label="File actions">
      <IconButton icon="file-plus" disabled={!hasProject} onClick={() => void store().requestCreateFile(folder)} label="New file" />
      <IconButton icon="folder-plus" disabled={!hasProject} onClick={() => void store().requestCreateFolder(folder)} label="New folder" />
      <IconButton icon="upload" disabled={!hasProject} onClick={() => uploadInput.current?.click()} label="Upload files" />
      <span className="toolbar-separator" aria-hidden="true" />
      <IconButton icon="rename" disabled={!hasProject || selected === null} onClick={() => selected && void store().requestRename(selected.path)} label="Rename" command="file.rename" />
      <IconButton icon="trash" disabled={!hasProject || selected === null} onClick={() => selected && void store().requestDelete(selected.path)} label="Delete" command="file.delete" />
      {/* The rest on the selection, in a menu: one row of buttons fits the sidebar at 1024 px. */}
      <OverflowMenu
        label="More file actions"
        testId="file-actions"
        disabled={!hasProject || selected === null}
        items={[
          { label: 'Move to…', icon: 'move', disabled: selected === null, onSelect: () => selected && void store().requestMove(selected.path) },
          { label: 'Download', icon: 'download', disabled: selected?.kind !== 'file', onSelect: () => selected && void store().downloadFile(selected.path) },
          {
            label: 'Promote generated worker into the project',
            icon: 'promote',
            shortcut: 'P',
            disabled: !selectedPromotable,
            onSelect: () => selected && void requestPromoteWorker(selected.path),
          },
        ]}
      />
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
