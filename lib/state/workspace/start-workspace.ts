import type { FileSystem } from '@/lib/vfs/file-system';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import type { DeckFetcher, FetchedDecks } from './example-seed';
import { exampleManifest } from './example-manifest';
import { lastOpened } from './last-opened';
import { keptTree } from './kept-tree';
import { findNode } from './read-project-tree';
import { startupGuard } from './startup-guard';
import { markStartPhase } from './start-marks';
import { describeError, storageProblemFor } from './storage-messages';
import { treeShown } from '../ui/tree-shown';
import type { EarlyStart } from './projects-actions';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** What the start was given that the actions loaded later use too (tests bring their own deck fetcher). */
export interface StartSettings {
  fetchExampleDeck?: DeckFetcher;
}

export type ExampleSeeding = typeof import('./example-seed');

/** The seeding code comes when a project is seeded, not with the page (the example's text files come with the store, for its manifest: example-manifest.ts). */
export const loadExampleSeeding = (): Promise<ExampleSeeding> => import('./example-seed');

/**
 * The start's first half, the part that runs with the page: it draws a tree before storage opens
 * (the copy kept for a reload, the example's manifest on a first visit) and then hands over to
 * `openProjects`, which comes with the rest of the store's actions (workspace-actions.ts). So
 * before the tree is interactive the page runs this and the state, not the file actions, the
 * project menu's or storage's code.
 */
export function createStart(
  context: WorkspaceContext,
  openProjects: () => Promise<(early: EarlyStart) => Promise<void>>,
  settings: StartSettings,
): Pick<WorkspaceState, 'start'> {
  const { set, get } = context;
  let starting: Promise<void> | undefined;

  async function startWorkspace(injected: FileSystem | undefined): Promise<void> {
    // The page announces its tree (tree-shown.ts); a caller that brings its own file system has no page.
    const inPage = injected === undefined;
    // Nothing remembered in this browser: most likely a first visit, which seeds the example: in the
    // page its module and decks load once the manifest's tree is interactive, beside storage, not
    // after it; before, their requests and the module's evaluation would compete with hydrating the
    // tree. A later visit loads neither before its tree is ready (it needs them only if storage turns
    // out empty).
    const firstVisit = lastOpened.lastProject() === null;
    const seedingModule = firstVisit ? (inPage ? treeShown.wait().then(loadExampleSeeding) : loadExampleSeeding()) : null;
    seedingModule?.catch(() => undefined);
    const earlyDecks = seedingModule === null ? null : seedingModule.then((module) => module.fetchExampleDecks(settings.fetchExampleDeck));
    earlyDecks?.catch(() => undefined);
    // …and the example's tree is drawn from its manifest at once, while storage opens and the
    // example is written: the storage-backed tree takes its place, keeping the view.
    if (earlyDecks !== null) void showExampleManifest(earlyDecks).catch(() => undefined);
    // A later visit draws the last project's tree from the copy the browser keeps, before storage opens.
    else showKeptTree();
    try {
      // With a tree already drawn (the kept copy, the manifest's), the rest of the start (storage,
      // the stored project) loads and runs once that tree is interactive (tree-shown.ts), not while
      // the page hydrates it.
      if (inPage && get().tree.length > 0) await treeShown.wait();
      const open = await openProjects();
      await open({ injected, seedingModule, earlyDecks });
    } catch (error) {
      // The rest of the store's code could not be loaded (the server went away, a new build replaced it).
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
      if (options?.fetchExampleDeck !== undefined) settings.fetchExampleDeck = options.fetchExampleDeck;
      starting ??= startWorkspace(options?.fileSystem);
      return starting;
    },
  };
}
