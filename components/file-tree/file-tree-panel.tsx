'use client';

import { FileTree } from './file-tree';
import { FileTreeToolbar } from './file-tree-toolbar';
import { hydratedLater } from '@/components/workbench/hydrated-later';

// The toolbar hydrates after the tree (its buttons wait for storage anyway).
const TOOLBAR = hydratedLater(<FileTreeToolbar />);

export function FileTreePanel() {
  return (
    <section className="file-tree-panel" aria-label="Files">
      <div className="section-title">
        <span>Files</span>
      </div>
      {TOOLBAR}
      <FileTree />
    </section>
  );
}
