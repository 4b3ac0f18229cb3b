import type { FileSystem } from '@/lib/vfs/file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { askConfirm, askText } from '../ui/dialog-store';
import type { FetchedDecks } from './example-seed';
import { openBrowserFileSystem } from './open-file-system';
import { projectCatalog } from './project-catalog';
import { lastOpened } from './last-opened';
import { describeError, storageProblemFor } from './storage-messages';
import { forgetUnsaved } from './unsaved-journal';
import { startupGuard } from './startup-guard';
import { markStartPhase } from './start-marks';
import { loadExampleSeeding, type ExampleSeeding, type StartSettings } from './start-workspace';
import type { Editing } from './editor-actions';
import type { ProjectLoader } from './load-project';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

type ProjectsActions = Pick<
  WorkspaceState,
  'switchProject' | 'openFailedProject' | 'deleteFailedProject' | 'requestCreateProject' | 'requestRestoreExample' | 'requestDeleteProject'
>;

/** What the page's start found before storage opened (start-workspace.ts), for the rest of the start. */
export interface EarlyStart {
  /** A file system the caller brought (tests); the browser's storage otherwise. */
  injected: FileSystem | undefined;
  /** A first visit's seeding module and decks, already on their way; null on a later visit. */
  seedingModule: Promise<ExampleSeeding> | null;
  earlyDecks: Promise<FetchedDecks> | null;
}

export interface ProjectsGroup {
  actions: ProjectsActions;
  /** The start's second half: opens storage, seeds the example when it is empty, and opens the last project. */
  openProjects: (early: EarlyStart) => Promise<void>;
}

/** The project menu (switch, create, restore the example, delete) and the second half of the start. */
export function createProjectsActions(context: WorkspaceContext, { loader, editing, settings }: { loader: ProjectLoader; editing: Editing; settings: StartSettings }): ProjectsGroup {
  const { set, get } = context;
  const { loadProject, refreshProjects } = loader;

  async function openProjects({ injected, seedingModule, earlyDecks }: EarlyStart): Promise<void> {
    try {
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
        const { createExampleProjectWith, fetchExampleDecks, deckSeedProblem } = await (seedingModule ?? loadExampleSeeding());
        const decks = await (earlyDecks ?? fetchExampleDecks(settings.fetchExampleDeck));
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

  function clearShownProject(): void {
    set({ currentProject: null, tree: [], buffers: new Map(), expanded: new Set(), selectedPath: null, openPath: null, openView: null });
  }

  const actions: ProjectsActions = {
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
        const { createExampleProject, deckSeedProblem } = await loadExampleSeeding();
        const decks = await createExampleProject(fileSystem, name, settings.fetchExampleDeck);
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
  return { actions, openProjects };
}
