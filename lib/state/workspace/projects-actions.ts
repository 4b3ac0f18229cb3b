import type { FileSystem } from '@/lib/vfs/file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { askConfirm, askText } from '../ui/dialog-store';
import type { DeckFetcher, FetchedDecks } from './example-seed';
import { exampleManifest } from './example-manifest';
import { openBrowserFileSystem } from './open-file-system';
import { projectCatalog } from './project-catalog';
import { lastOpened } from './last-opened';
import { keptTree } from './kept-tree';
import { findNode } from './read-project-tree';
import { describeError, storageProblemFor } from './storage-messages';
import { forgetUnsaved } from './unsaved-journal';
import { startupGuard } from './startup-guard';
import { treeShown } from '../ui/tree-shown';
import type { Editing } from './editor-actions';
import type { ProjectLoader } from './load-project';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

type ProjectsActions = Pick<
  WorkspaceState,
  'start' | 'switchProject' | 'openFailedProject' | 'deleteFailedProject' | 'requestCreateProject' | 'requestRestoreExample' | 'requestDeleteProject'
>;

/**
 * User Timing marks of the start ("workerbench:storage-open", …), on the page's
 * clock: where a slow first load spends its time, for DevTools and the
 * ide-load bench. No-ops where there is no performance timeline.
 */
function markStartPhase(phase: 'kept-tree-shown' | 'manifest-shown' | 'storage-open' | 'example-seeded' | 'project-loaded'): void {
  globalThis.performance?.mark?.(`workerbench:${phase}`);
}

/** Starting the workspace and the project menu: switch, create, restore the example, delete. */
export function createProjectsActions(context: WorkspaceContext, loader: ProjectLoader, editing: Editing): ProjectsActions {
  const { set, get } = context;
  const { loadProject, refreshProjects } = loader;
  let starting: Promise<void> | undefined;
  // Tests pass their own; the browser's is the seed module's default.
  let fetchExampleDeck: DeckFetcher | undefined;
  // The seeding code comes when a project is seeded, not with the page (the example's text files
  // come with the store, for its manifest: example-manifest.ts).
  const seeding = () => import('./example-seed');

  async function startWorkspace(injected: FileSystem | undefined): Promise<void> {
    // The page announces its tree (tree-shown.ts); a caller that brings its own file system has no page.
    const inPage = injected === undefined;
    // Nothing remembered in this browser: most likely a first visit, which seeds the example: in the
    // page its module and decks load once the manifest's tree is interactive, beside storage, not
    // after it; before, their requests and the module's evaluation would compete with hydrating the
    // tree. A later visit loads neither before its tree is ready (it needs them only if storage turns
    // out empty).
    const firstVisit = lastOpened.lastProject() === null;
    const seedingModule = firstVisit ? (inPage ? treeShown.wait().then(seeding) : seeding()) : null;
    seedingModule?.catch(() => undefined);
    const earlyDecks = seedingModule === null ? null : seedingModule.then((module) => module.fetchExampleDecks(fetchExampleDeck));
    earlyDecks?.catch(() => undefined);
    // …and the example's tree is drawn from its manifest at once, while storage opens and the
    // example is written: the storage-backed tree takes its place, keeping the view.
    if (earlyDecks !== null) void showExampleManifest(earlyDecks).catch(() => undefined);
    // A later visit draws the last project's tree from the copy the browser keeps, before storage opens.
    else showKeptTree();
    try {
      // With a tree already drawn (the kept copy, the manifest's), storage's code loads and runs
      // once that tree is interactive (tree-shown.ts), not while the page hydrates it.
      if (inPage && get().tree.length > 0) await treeShown.wait();
      const { fileSystem, storageProblem } = injected === undefined ? await openBrowserFileSystem() : { fileSystem: injected, storageProblem: null };
      markStartPhase('storage-open');
      set({ fileSystem, storageProblem });
      // Best effort, beside the listing (which never shows a staging folder): a leftover that cannot
      // be removed now is tried again on the next start.
      void projectCatalog.cleanUp(fileSystem).catch(() => undefined);
      let projects = await refreshProjects();
      let deckProblem: string | null = null;
      if (projects.length === 0) {
        // A deck that cannot be fetched leaves the example without it, and says so.
        const { createExampleProjectWith, fetchExampleDecks, deckSeedProblem } = await (seedingModule ?? seeding());
        const decks = await (earlyDecks ?? fetchExampleDecks(fetchExampleDeck));
        deckProblem = deckSeedProblem(EXAMPLE_PROJECT_NAME, await createExampleProjectWith(fileSystem, EXAMPLE_PROJECT_NAME, decks));
        projects = await refreshProjects();
        markStartPhase('example-seeded');
      }
      const remembered = lastOpened.lastProject();
      let initial = projects.find((name) => name === remembered) ?? projects[0];
      // Safe start: a project that broke the page last time is not opened again until the user says how.
      let failedProject: WorkspaceState['failedProject'] = null;
      const crashed = startupGuard.crashedProject();
      if (crashed !== null && !projects.includes(crashed.project)) startupGuard.clear();
      else if (crashed !== null && crashed.project === initial) {
        failedProject = { name: crashed.project, reason: crashed.reason };
        initial = undefined;
      }
      if (initial !== undefined) {
        try {
          await loadProject(initial, { keepView: initial === get().currentProject });
        } catch (error) {
          failedProject = { name: initial, reason: describeError(error) };
        }
      }
      // The tree drawn before storage opened goes when storage opens no project (a safe start, a failed read).
      if ((initial === undefined || failedProject !== null) && get().currentProject !== null) clearShownProject();
      markStartPhase('project-loaded');
      set({ phase: 'ready', failedProject, ...(deckProblem === null ? {} : { notice: { tone: 'error' as const, message: deckProblem } }) });
    } catch (error) {
      set({ phase: 'failed', startupError: describeError(error), storageProblem: storageProblemFor(error) });
    }
  }

  /**
   * Shows the last project's tree from the copy the browser keeps (kept-tree.ts), with the row of
   * the file that reopens selected, unless that project broke the page last time (a safe start
   * opens nothing). The copy is checked as untrusted input; a bad one is ignored.
   */
  function showKeptTree(): void {
    const project = lastOpened.lastProject();
    if (project === null || startupGuard.crashedProject()?.project === project) return;
    const tree = keptTree.read(project);
    if (tree === null) return;
    const remembered = lastOpened.lastFile(project);
    const file = remembered === null ? null : findNode(tree, remembered);
    const selectedPath = file?.kind === 'file' ? file.path : null;
    set({ projects: [project], currentProject: project, tree, selectedPath, expanded: new Set() });
    if (selectedPath !== null) set({ expanded: context.expandAncestors(selectedPath) });
    markStartPhase('kept-tree-shown');
  }

  function clearShownProject(): void {
    set({ currentProject: null, tree: [], buffers: new Map(), expanded: new Set(), selectedPath: null, openPath: null, openView: null });
  }

  /**
   * Shows the example from its manifest (the tree, its text files) at once, before storage opens
   * (the manifest comes with the store: no round trip for the seeding module first); its decks
   * (in input/, a folder drawn closed) join the tree when fetched. The tree does not wait for the
   * decks: their fetch is the slowest part of a first visit.
   */
  async function showExampleManifest(decks: Promise<FetchedDecks>): Promise<void> {
    if (get().phase !== 'starting' || get().currentProject !== null) return;
    const { tree, buffers } = exampleManifest({ files: [] });
    set({ projects: [EXAMPLE_PROJECT_NAME], currentProject: EXAMPLE_PROJECT_NAME, tree, buffers });
    markStartPhase('manifest-shown');
    const fetched = await decks;
    // Only over the manifest's own tree: once storage has drawn the project, its tree stands.
    if (get().phase === 'starting' && get().tree === tree) set({ tree: exampleManifest(fetched).tree });
  }

  return {
    start: (options) => {
      // Strict mode and fast refresh call effects twice; one start per tab, one
      // LightningFileSystem per database.
      if (options?.fetchExampleDeck !== undefined) fetchExampleDeck = options.fetchExampleDeck;
      starting ??= startWorkspace(options?.fileSystem);
      return starting;
    },

    switchProject: async (name) => {
      if (name === get().currentProject) return;
      await get().saveNow();
      try {
        await loadProject(name);
      } catch (error) {
        context.reportError(error, `Could not open project "${name}"`);
      }
    },

    openFailedProject: async ({ withoutRuns }) => {
      const failed = get().failedProject;
      if (failed === null) return;
      startupGuard.clear();
      set({ failedProject: null, ...(withoutRuns ? { runsWithheld: new Set([...get().runsWithheld, failed.name]) } : {}) });
      try {
        await loadProject(failed.name);
      } catch (error) {
        set({ failedProject: { name: failed.name, reason: describeError(error) } });
      }
    },

    deleteFailedProject: async () => {
      const failed = get().failedProject;
      if (failed === null) return;
      await get().requestDeleteProject(failed.name);
      if (get().projects.includes(failed.name)) return;
      startupGuard.clear();
      set({ failedProject: null });
      const next = get().projects[0];
      if (get().currentProject === null && next !== undefined) await get().switchProject(next);
    },

    requestCreateProject: async () => {
      const fileSystem = context.requireFileSystem();
      const existing = new Set(get().projects);
      const name = await askText({
        title: 'New project',
        label: 'Project name',
        initialValue: projectCatalog.freeName(existing, 'new-project'),
        confirmLabel: 'Create project',
        validate: (value) => projectCatalog.nameProblem(value) ?? (existing.has(value) ? `A project named "${value}" already exists.` : null),
      });
      if (name === null) return;
      try {
        await get().saveNow();
        await projectCatalog.createBlank(fileSystem, name);
        await refreshProjects();
        await loadProject(name);
      } catch (error) {
        context.reportError(error, `Could not create project "${name}"`);
      }
    },

    requestRestoreExample: async () => {
      const fileSystem = context.requireFileSystem();
      const existing = new Set(await refreshProjects().catch(() => get().projects));
      const name = await askText({
        title: 'Restore pitch-deck example',
        label: 'A fresh copy of the example (with its sample decks) is created as a new project named',
        initialValue: projectCatalog.freeName(existing, EXAMPLE_PROJECT_NAME),
        confirmLabel: 'Restore example',
        validate: (value) => projectCatalog.nameProblem(value) ?? (existing.has(value) ? `A project named "${value}" already exists.` : null),
      });
      if (name === null) return;
      try {
        await get().saveNow();
        const { createExampleProject, deckSeedProblem } = await seeding();
        const decks = await createExampleProject(fileSystem, name, fetchExampleDeck);
        await refreshProjects();
        await loadProject(name);
        const problem = deckSeedProblem(name, decks);
        set({ notice: problem === null ? { tone: 'info', message: `Restored the pitch-deck example as "${name}".` } : { tone: 'error', message: problem } });
      } catch (error) {
        context.reportError(error, `Could not restore the example as "${name}"`);
      }
    },

    requestDeleteProject: async (name) => {
      const confirmed = await askConfirm({
        title: 'Delete project',
        message: `Delete the project "${name}" and all of its files? This cannot be undone.`,
        confirmLabel: 'Delete project',
        danger: true,
      });
      if (!confirmed) return;
      try {
        const isCurrent = get().currentProject === name;
        if (isCurrent) {
          editing.cancelScheduledSave();
          set({ buffers: new Map(), currentProject: null, tree: [], openPath: null, openView: null, diagnostics: [], checkedProject: null, generatedFolder: null });
        }
        await projectCatalog.remove(context.requireFileSystem(), name);
        // Its kept runs go with it (here, not in the run store, which may not have loaded yet): a new
        // project of the same name must start with none.
        void import('../run-archive/archived-runs')
          .then((kept) => kept.browserRunArchive()?.deleteProject(name))
          .catch(() => undefined);
        forgetUnsaved(name);
        lastOpened.setLastFile(name, null);
        const projects = await refreshProjects();
        if (isCurrent) {
          const next = projects[0];
          if (next !== undefined) await loadProject(next);
          else lastOpened.setLastProject(null);
        }
      } catch (error) {
        context.reportError(error, `Could not delete project "${name}"`);
      }
    },
  };
}
