'use client';

import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { FileTreePanel } from '@/components/file-tree/file-tree-panel';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { AreaBoundary } from '../area-boundary';
import { afterTree } from '../after-tree';
import { hydratedLater } from '../hydrated-later';
import { RunPanelSlot } from '@/components/run/run-panel-slot';
import { SIZE_VARIABLE, useAreaControls } from './area-controls';
import { AreaSeparator } from './area-separator';

// The areas but the tree's load and hydrate after the tree (server-rendered in place meanwhile).
const EditorPane = afterTree(() => import('@/components/editor/editor-pane').then((module) => module.EditorPane));
const ProblemsPanel = afterTree(() => import('@/components/problems/problems-panel').then((module) => module.ProblemsPanel));
// The project menu too: every control in it waits for storage (the project's transfers bring the share store).
const ProjectSwitcher = afterTree(() => import('@/components/projects/project-switcher').then((module) => module.ProjectSwitcher));

// The Run panel's slot hydrates after the tree (its code still comes with the page: a reload's kept runs show at once).
const RUN_PANEL_SLOT = hydratedLater(<RunPanelSlot />);

/** An attribute that is present when `on`: the stylesheet folds the area. */
const presentWhen = (on: boolean) => (on ? '' : undefined);

/**
 * The four areas, as in VS Code: files | editor over Problems | run panel. The stylesheet lays
 * them out from their sizes (app/globals.css, `.workbench-body`), so the server's HTML already has
 * the layout; the splitters drag (or, focused, take the arrow keys), each area but the editor
 * collapses, and the sizes are kept in this browser (area-controls.tsx).
 */
export function WorkbenchAreas({ project }: { project: string | null }) {
  const { layout, bodyRef, centreRef } = useAreaControls();
  useProblemsFollowContent();
  // The areas' contents as elements made once per project: a change of the layout re-renders the frame, not them.
  const contents = useMemo(
    () => ({
      files: (
        <aside className="sidebar" aria-label="Projects and files">
          <AreaBoundary area="The project menu" resetKey={project}>
            <ProjectSwitcher />
          </AreaBoundary>
          {/* The Files panel's toolbar and the tree's box; the tree itself has its own (file-tree-root.tsx). */}
          <AreaBoundary area="The Files panel" resetKey={project}>
            <FileTreePanel />
          </AreaBoundary>
        </aside>
      ),
      editor: (
        <AreaBoundary area="The editor" resetKey={project}>
          <EditorPane />
        </AreaBoundary>
      ),
      problems: (
        <AreaBoundary area="The Problems panel" resetKey={project}>
          <ProblemsPanel />
        </AreaBoundary>
      ),
      run: (
        <AreaBoundary area="The Runs panel" resetKey={project}>
          {RUN_PANEL_SLOT}
        </AreaBoundary>
      ),
    }),
    [project],
  );
  const columns = { [SIZE_VARIABLE.files]: `${layout.sizes.files}%`, [SIZE_VARIABLE.run]: `${layout.sizes.run}%` } as CSSProperties;
  const rows = { [SIZE_VARIABLE.problems]: `${layout.sizes.problems}%` } as CSSProperties;

  return (
    <div ref={bodyRef} className="workbench-body" style={columns} data-files-collapsed={presentWhen(layout.collapsed.files)} data-run-collapsed={presentWhen(layout.collapsed.run)}>
      <section id="area-files" data-area="files" className="workbench-area area-files" aria-label="Files">
        {contents.files}
      </section>
      <AreaSeparator area="files" label="Resize the files sidebar" />
      <main ref={centreRef} className="workbench-area main-column" style={rows} data-problems-collapsed={presentWhen(layout.collapsed.problems)}>
        <div id="area-editor" data-area="editor" className="workbench-area area-editor">
          {contents.editor}
        </div>
        <AreaSeparator area="problems" label="Resize Problems" />
        <div id="area-problems" data-area="problems" className="workbench-area area-problems">
          {contents.problems}
        </div>
      </main>
      <AreaSeparator area="run" label="Resize the run panel" />
      <section id="area-run" data-area="run" className="workbench-area area-run" aria-label="Runs">
        {contents.run}
      </section>
    </div>
  );
}

/**
 * Problems takes room only when it has something to say: it stays folded to its title bar while
 * the project has no problems, and opens when problems appear, unless the person folded it.
 * Its fold is not kept across reloads: a page starts with it folded for emptiness.
 */
function useProblemsFollowContent() {
  const { collapsed, setCollapsed } = useAreaControls();
  const empty = useWorkspaceStore((state) => state.diagnostics.length === 0);
  const foldedForEmptiness = useRef(true);
  // Read by the effect below without making a person's own fold or open a reason to run it.
  const foldedNow = useRef(collapsed.problems);
  useEffect(() => {
    foldedNow.current = collapsed.problems;
  });
  useEffect(() => {
    if (empty && !foldedNow.current) {
      setCollapsed('problems', true);
      foldedForEmptiness.current = true;
    } else if (!empty && foldedNow.current && foldedForEmptiness.current) {
      setCollapsed('problems', false);
      foldedForEmptiness.current = false;
    }
  }, [empty, setCollapsed]);
}
