'use client';

import { FileTree } from './file-tree';
import { FileTreeToolbar } from './file-tree-toolbar';

export function FileTreePanel() {
  return (
    <section className="file-tree-panel" aria-label="Files">
      <div className="section-title">
        <span>Files</span>
      </div>
      <FileTreeToolbar />
      <FileTree />
    </section>
  );
}
