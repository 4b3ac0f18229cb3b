'use client';

import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { afterTree } from './after-tree';

const HeaderTools = afterTree(() => import('./header-tools').then((module) => module.HeaderTools));

export function WorkbenchHeader() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const openPath = useWorkspaceStore((state) => state.openPath);
  return (
    <header className="workbench-header">
      <span className="brand">Workerbench</span>
      <span className="header-location" data-testid="header-location">
        {project ?? 'No project'}
        {openPath !== null ? <span className="header-path"> / {openPath}</span> : null}
      </span>
      <HeaderTools />
    </header>
  );
}
