'use client';

import { useEffect, useRef } from 'react';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { FileTreePanel } from '@/components/file-tree/file-tree-panel';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { AreaBoundary } from '../area-boundary';
import { afterTree } from '../after-tree';
import { hydratedLater } from '../hydrated-later';
import { RunPanelSlot } from '@/components/run/run-panel-slot';
import { useAreaControls } from './area-controls';
import { layoutStorage } from './layout-storage';
import { percentOf, useElementSize } from './use-element-size';

// The areas but the tree's load and hydrate after the tree (server-rendered in place meanwhile).
const EditorPane = afterTree(() => import('@/components/editor/editor-pane').then((module) => module.EditorPane));
const ProblemsPanel = afterTree(() => import('@/components/problems/problems-panel').then((module) => module.ProblemsPanel));
// The project menu too: every control in it waits for storage (the project's transfers bring the share store).
const ProjectSwitcher = afterTree(() => import('@/components/projects/project-switcher').then((module) => module.ProjectSwitcher));

// The Run panel's slot hydrates after the tree (its code still comes with the page: a reload's kept runs show at once).
const RUN_PANEL_SLOT = hydratedLater(<RunPanelSlot />);

/** Problems collapses to its title bar (28 px and the splitter's pixel), which keeps its count in sight. */
const PROBLEMS_TITLE_HEIGHT = 29;

/**
 * The four areas, as in VS Code: files | editor over Problems | run panel. Draggable splitters
 * (the keyboard too: focus one, then the arrow keys), each area but the editor collapsible, and
 * the sizes kept in this browser. The library sizes in percent; the least sizes are pixels (a
 * readable tree, run form and editor), converted as the window changes.
 */
export function WorkbenchAreas({ project }: { project: string | null }) {
  const { panelRefs, reportCollapsed } = useAreaControls();
  const bodyRef = useRef<HTMLDivElement>(null);
  const centerRef = useRef<HTMLElement>(null);
  const { width } = useElementSize(bodyRef);
  const { height } = useElementSize(centerRef);
  useProblemsFollowContent(height > 0);

  return (
    <div ref={bodyRef} className="workbench-body">
      <PanelGroup direction="horizontal" autoSaveId="workbench-columns" storage={layoutStorage}>
        <Panel
          id="files"
          data-area="files"
          order={1}
          ref={panelRefs.files}
          className="workbench-area area-files"
          defaultSize={18}
          minSize={Math.min(percentOf(180, width, 14), 40)}
          maxSize={40}
          collapsible
          onCollapse={() => reportCollapsed('files', true)}
          onExpand={() => reportCollapsed('files', false)}
        >
          <aside className="sidebar" aria-label="Projects and files">
            <AreaBoundary area="The project menu" resetKey={project}>
              <ProjectSwitcher />
            </AreaBoundary>
            <AreaBoundary area="The file tree" resetKey={project}>
              <FileTreePanel />
            </AreaBoundary>
          </aside>
        </Panel>
        <PanelResizeHandle className="area-separator" aria-label="Resize the files sidebar" />
        {/* Every panel has a default size, the rest of its group's: the server lays the areas out
            with them (it cannot measure), so the first paint is the layout the page keeps. */}
        <Panel id="center" order={2} className="workbench-area area-center" defaultSize={52} minSize={Math.min(percentOf(320, width, 30), 50)}>
          <main ref={centerRef} className="main-column">
            <PanelGroup direction="vertical" autoSaveId="workbench-rows" storage={layoutStorage}>
              <Panel id="editor" data-area="editor" order={1} className="workbench-area area-editor" defaultSize={78} minSize={Math.min(percentOf(120, height, 20), 50)}>
                <AreaBoundary area="The editor" resetKey={project}>
                  <EditorPane />
                </AreaBoundary>
              </Panel>
              <PanelResizeHandle className="area-separator" aria-label="Resize Problems" />
              <Panel
                id="problems"
                data-area="problems"
                order={2}
                ref={panelRefs.problems}
                className="workbench-area area-problems"
                defaultSize={22}
                minSize={Math.min(percentOf(90, height, 12), 40)}
                collapsible
                collapsedSize={Math.min(percentOf(PROBLEMS_TITLE_HEIGHT, height, 4), 10)}
                onCollapse={() => reportCollapsed('problems', true)}
                onExpand={() => reportCollapsed('problems', false)}
              >
                <AreaBoundary area="The Problems panel" resetKey={project}>
                  <ProblemsPanel />
                </AreaBoundary>
              </Panel>
            </PanelGroup>
          </main>
        </Panel>
        <PanelResizeHandle className="area-separator" aria-label="Resize the run panel" />
        <Panel
          id="run"
          data-area="run"
          order={3}
          ref={panelRefs.run}
          className="workbench-area area-run"
          defaultSize={30}
          minSize={Math.min(percentOf(300, width, 22), 60)}
          maxSize={60}
          collapsible
          onCollapse={() => reportCollapsed('run', true)}
          onExpand={() => reportCollapsed('run', false)}
        >
          <AreaBoundary area="The Runs panel" resetKey={project}>
            {RUN_PANEL_SLOT}
          </AreaBoundary>
        </Panel>
      </PanelGroup>
    </div>
  );
}

/**
 * Problems takes room only when it has something to say: it folds to its title bar when the
 * project has no problems, and opens again when problems appear, unless the person folded it.
 */
function useProblemsFollowContent(measured: boolean) {
  const { panelRefs } = useAreaControls();
  const empty = useWorkspaceStore((state) => state.diagnostics.length === 0);
  const foldedForEmptiness = useRef(false);
  useEffect(() => {
    // Not before the layout has its size: the library ignores a collapse before its first layout.
    const panel = panelRefs.problems.current;
    if (panel === null || !measured) return;
    if (empty && !panel.isCollapsed()) {
      panel.collapse();
      foldedForEmptiness.current = true;
    } else if (!empty && foldedForEmptiness.current) {
      panel.expand();
      foldedForEmptiness.current = false;
    }
  }, [empty, measured, panelRefs.problems]);
}
