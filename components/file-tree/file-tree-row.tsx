'use client';

import type { DragEvent, MouseEvent } from 'react';
import type { TreeNode } from '@/lib/state/workspace-types';
import { relativeParent } from '@/lib/state/project-paths';
import { formatBytes } from '@/lib/vfs/limits';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { TREE_PATH_MIME } from './drag-data';
import { useDropTarget } from './use-drop-target';

interface FileTreeRowProps {
  node: TreeNode;
  depth: number;
  position: number;
  setSize: number;
  expanded: boolean;
  selected: boolean;
  open: boolean;
  focusable: boolean;
  problemCount: number;
}

/** One treeitem. Folders accept drops; files pass drops on to their folder. */
export function FileTreeRow({ node, depth, position, setSize, expanded, selected, open, focusable, problemCount }: FileTreeRowProps) {
  const dropFolder = node.kind === 'directory' ? node.path : relativeParent(node.path);
  const drop = useDropTarget(dropFolder);
  const isFolder = node.kind === 'directory';

  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    const store = useWorkspaceStore.getState();
    if (isFolder) {
      store.select(node.path);
      store.toggleFolder(node.path);
    } else {
      void store.openFile(node.path);
    }
  };

  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(TREE_PATH_MIME, node.path);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <li
      role="treeitem"
      aria-level={depth}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-selected={selected}
      aria-expanded={isFolder ? expanded : undefined}
      aria-label={node.name}
      tabIndex={focusable ? 0 : -1}
      data-path={node.path}
      data-testid="tree-item"
      data-kind={node.kind}
      className={`tree-row${selected ? ' is-selected' : ''}${open ? ' is-open' : ''}${drop.active && isFolder ? ' is-drop-target' : ''}`}
      style={{ paddingLeft: `${(depth - 1) * 14 + 8}px` }}
      draggable
      onDragStart={onDragStart}
      onClick={onClick}
      {...drop.handlers}
    >
      <span className="tree-twisty" aria-hidden="true">
        {isFolder ? (expanded ? '▾' : '▸') : ''}
      </span>
      <span className={`tree-icon ${isFolder ? 'icon-folder' : 'icon-file'}`} aria-hidden="true" />
      <span className="tree-name">{node.name}</span>
      {problemCount > 0 ? (
        <span className="tree-badge" aria-label={`${problemCount} problems`}>
          {problemCount}
        </span>
      ) : null}
      {!isFolder ? <span className="tree-size">{formatBytes(node.size)}</span> : null}
    </li>
  );
}
