'use client';

import { useEffect, useRef } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { EditorPane } from '@/components/editor/editor-pane';
import { FileTreePanel } from '@/components/file-tree/file-tree-panel';
import { ProblemsPanel } from '@/components/problems/problems-panel';
import { ProjectSwitcher } from '@/components/projects/project-switcher';
import { RunPanelSlot } from '@/components/run/run-panel-slot';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { useAreaControls, type CollapsibleArea } from './area-controls';
import { layoutStorage } from './layout-storage';

/** Problems collapses to its title bar (28 px and its top border), which keeps its count in sight. */
const PROBLEMS_TITLE_HEIGHT = 29;

/**
 * The four areas, as in VS Code: files | editor over Problems | run panel. Draggable splitters
 * (keyboard too: focus one, then the arrow keys), each area but the editor collapsible, and the
 * sizes kept in this browser. Percent defaults so that 1024 px still leaves the editor half the width.
 */
export function WorkbenchAreas() {
  const { panelRefs, reportCollapsed } = useAreaControls();
  const columns = useDefaultLayout({ id: 'workbench-columns', storage: layoutStorage });
  const rows = useDefaultLayout({ id: 'workbench-rows', storage: layoutStorage });
  const onResize = (area: CollapsibleArea) => () => reportCollapsed(area, panelRefs[area].current?.isCollapsed() ?? false);
  useProblemsFollowContent();

  return (
    <Group id="workbench-columns" className="workbench-body" orientation="horizontal" defaultLayout={columns.defaultLayout} onLayoutChanged={columns.onLayoutChanged}>
      <Panel id="files" panelRef={panelRefs.files} className="workbench-area area-files" defaultSize="18%" minSize={180} maxSize="40%" collapsible onResize={onResize('files')}>
        <aside className="sidebar" aria-label="Projects and files">
          <ProjectSwitcher />
          <FileTreePanel />
        </aside>
      </Panel>
      <Separator className="area-separator" aria-label="Resize the files sidebar" />
      <Panel id="center" className="workbench-area area-center" minSize={320}>
        <main className="main-column">
          <Group id="workbench-rows" orientation="vertical" defaultLayout={rows.defaultLayout} onLayoutChanged={rows.onLayoutChanged}>
            <Panel id="editor" className="workbench-area area-editor" minSize={120}>
              <EditorPane />
            </Panel>
            <Separator className="area-separator" aria-label="Resize Problems" />
            <Panel
              id="problems"
              panelRef={panelRefs.problems}
              className="workbench-area area-problems"
              defaultSize={160}
              minSize={90}
              collapsible
              collapsedSize={PROBLEMS_TITLE_HEIGHT}
              onResize={onResize('problems')}
            >
              <ProblemsPanel />
            </Panel>
          </Group>
        </main>
      </Panel>
      <Separator className="area-separator" aria-label="Resize the run panel" />
      <Panel id="run" panelRef={panelRefs.run} className="workbench-area area-run" defaultSize="30%" minSize={300} maxSize="60%" collapsible onResize={onResize('run')}>
        <RunPanelSlot />
      </Panel>
    </Group>
  );
}

/**
 * Problems takes room only when it has something to say: it folds to its title bar when the
 * project has no problems, and opens again when problems appear, unless the person folded it.
 */
function useProblemsFollowContent() {
  const { panelRefs } = useAreaControls();
  const empty = useWorkspaceStore((state) => state.diagnostics.length === 0);
  const foldedForEmptiness = useRef(false);
  useEffect(() => {
    const panel = panelRefs.problems.current;
    if (panel === null) return;
    if (empty && !panel.isCollapsed()) {
      panel.collapse();
      foldedForEmptiness.current = true;
    } else if (!empty && foldedForEmptiness.current) {
      panel.expand();
      foldedForEmptiness.current = false;
    }
  }, [empty, panelRefs.problems]);
}
