'use client';

import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { visibleNodes } from '@/lib/state/workspace/read-project-tree';
import { folderOf } from '@/lib/state/workspace/project-folders';
import { isGeneratedPath, isPromotablePath } from '@/lib/state/promote/generated-paths';
import { requestPromoteWorker } from '@/lib/state/promote/promote-on-demand';
import { FileTreeRow } from './file-tree-row';
import { useDropTarget } from './use-drop-target';
import { useFilesOver } from './use-files-over';

/**
 * The project's files as an ARIA tree: arrows move and expand, Enter opens,
 * F2 renames, Delete deletes, P promotes a generated worker. Dropping on empty
 * space targets the project root. Files and folders from the desktop dropped here go into this
 * project (dropped anywhere else on the page they become a new project: page-drop-zone.tsx).
 */
export function FileTree() {
  const tree = useWorkspaceStore((state) => state.tree);
  const expanded = useWorkspaceStore((state) => state.expanded);
  const selectedPath = useWorkspaceStore((state) => state.selectedPath);
  const openPath = useWorkspaceStore((state) => state.openPath);
  const diagnostics = useWorkspaceStore((state) => state.diagnostics);
  const generated = useWorkspaceStore((state) => state.generatedFolder);
  const listRef = useRef<HTMLUListElement>(null);
  const rootDrop = useDropTarget('');
  const filesOver = useFilesOver();

  const rows = useMemo(() => visibleNodes(tree, expanded), [tree, expanded]);
  const problemCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const diagnostic of diagnostics) {
      if (diagnostic.severity === 'error') counts.set(diagnostic.file, (counts.get(diagnostic.file) ?? 0) + 1);
    }
    return counts;
  }, [diagnostics]);

  const focusIndex = Math.max(0, rows.findIndex((row) => row.node.path === selectedPath));

  const moveFocus = (index: number) => {
    const row = rows[Math.min(Math.max(index, 0), rows.length - 1)];
    if (row === undefined) return;
    useWorkspaceStore.getState().select(row.node.path);
    const element = listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(row.node.path)}"]`);
    element?.focus();
    // The row may not exist yet when focus moves into a just-expanded folder.
    if (element === null || element === undefined) {
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(row.node.path)}"]`)?.focus());
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const store = useWorkspaceStore.getState();
    const current = rows[focusIndex];
    if (current === undefined) return;
    const { node } = current;
    const isFolder = node.kind === 'directory';
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(focusIndex + 1);
        break;
      case 'ArrowUp':
        moveFocus(focusIndex - 1);
        break;
      case 'Home':
        moveFocus(0);
        break;
      case 'End':
        moveFocus(rows.length - 1);
        break;
      case 'ArrowRight':
        if (isFolder && !expanded.has(node.path)) store.setFolderExpanded(node.path, true);
        else if (isFolder && node.children.length > 0) moveFocus(focusIndex + 1);
        break;
      case 'ArrowLeft':
        if (isFolder && expanded.has(node.path)) store.setFolderExpanded(node.path, false);
        else {
          const parent = folderOf(node.path);
          if (parent !== '') moveFocus(rows.findIndex((row) => row.node.path === parent));
        }
        break;
      case 'Enter':
      case ' ':
        if (isFolder) store.toggleFolder(node.path);
        else void store.openFile(node.path);
        break;
      case 'F2':
        // Renaming, promoting and deleting act on storage: not while a first visit shows the example before it is stored.
        if (store.phase !== 'ready') return;
        void store.requestRename(node.path);
        break;
      case 'p':
      case 'P':
        if (store.phase !== 'ready' || event.ctrlKey || event.metaKey || event.altKey || !isPromotablePath(node.path, generated)) return;
        void requestPromoteWorker(node.path);
        break;
      case 'Delete':
      case 'Backspace':
        if (store.phase !== 'ready' || (event.key === 'Backspace' && !event.metaKey)) return;
        void store.requestDelete(node.path);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className={`tree-scroll${rootDrop.active ? ' is-drop-target' : ''}`} data-testid="file-tree-drop-zone" {...rootDrop.handlers} {...filesOver.handlers}>
      {rows.length === 0 ? (
        <p className="tree-empty">No files yet. Create one or drop files here.</p>
      ) : (
        <ul ref={listRef} role="tree" aria-label="Project files" className="tree" data-testid="file-tree" onKeyDown={onKeyDown}>
          {rows.map(({ node, depth }, index) => {
            const siblings = rows.filter((row) => row.depth === depth && folderOf(row.node.path) === folderOf(node.path));
            return (
              <FileTreeRow
                key={node.path}
                node={node}
                depth={depth}
                position={siblings.indexOf(rows[index]!) + 1}
                setSize={siblings.length}
                expanded={expanded.has(node.path)}
                selected={node.path === selectedPath}
                open={node.path === openPath}
                focusable={index === focusIndex}
                problemCount={problemCounts.get(node.path) ?? 0}
                generated={isGeneratedPath(node.path, generated)}
                promotable={isPromotablePath(node.path, generated)}
              />
            );
          })}
        </ul>
      )}
      {filesOver.over ? (
        <p className="tree-drop-hint" role="status" data-testid="tree-drop-hint">
          Drop to add to this project, in the folder under the pointer (folders keep their files and paths)
        </p>
      ) : null}
    </div>
  );
}
