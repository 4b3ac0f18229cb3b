'use client';

import { useLayoutEffect, useRef } from 'react';
import { FileTree } from './file-tree';
import { FileTreeToolbar } from './file-tree-toolbar';
import { FILE_TREE_HOST_ID, fileTreeRoot } from './file-tree-root';
import { hydratedLater } from '@/components/workbench/hydrated-later';
import { SERVER_HTML_KEPT } from '@/components/workbench/after-tree';

// The toolbar hydrates after the tree (its buttons wait for storage anyway).
const TOOLBAR = hydratedLater(<FileTreeToolbar />);

export function FileTreePanel() {
  return (
    <section className="file-tree-panel" aria-label="Files">
      <div className="section-title">
        <span>Files</span>
      </div>
      {TOOLBAR}
      <FileTreeHost />
    </section>
  );
}

/**
 * The tree's box. The server renders the tree in it; in the browser the tree is a root of its own
 * (file-tree-root.tsx), usually rendered there before this page hydrates, and this component only
 * makes sure it is (a box rendered anew, after an error in the area, gets its root here).
 */
function FileTreeHost() {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = host.current;
    if (box === null) return;
    fileTreeRoot.attach(box);
    return () => fileTreeRoot.release(box);
  }, []);
  if (typeof window === 'undefined') {
    return (
      <div id={FILE_TREE_HOST_ID} className="file-tree-host">
        <FileTree />
      </div>
    );
  }
  return <div ref={host} id={FILE_TREE_HOST_ID} className="file-tree-host" dangerouslySetInnerHTML={SERVER_HTML_KEPT} />;
}
