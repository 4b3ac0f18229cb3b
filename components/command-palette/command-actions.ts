import type { CommandId } from '@/lib/state/ui/commands/command-list';
import type { WorkbenchArea } from '@/lib/state/ui/commands/area-order';
import { useCompareStore } from '@/lib/state/compare/compare-store';
import { useEditorTabModeStore } from '@/lib/state/ui/editor-tab-mode';
import { useHistoryStore } from '@/lib/state/history/history-store';
import { useRunStore } from '@/lib/state/run/run-store';
import { useSettingsStore } from '@/lib/state/settings/settings-store';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkerTestsStore } from '@/lib/state/worker-tests/worker-tests-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { findNode } from '@/lib/state/workspace/read-project-tree';
import { targetFolder } from '@/components/file-tree/target-folder';
import { setTheme, type Theme } from '@/components/theme/theme';
import type { CollapsibleArea } from '@/components/workbench/areas/area-controls';
import { focusAdjacentArea, focusArea } from '@/components/workbench/areas/area-focus';
import { pickFiles } from './pick-files';

/** What a palette entry does, and whether it can now (a disabled entry is listed, greyed). */
export interface CommandAction {
  run: () => void | Promise<void>;
  enabled: boolean;
}

/** What the actions need of the page around the palette. */
export interface CommandContext {
  theme: Theme;
  toggleArea: (area: CollapsibleArea) => void;
  isCollapsed: (area: WorkbenchArea) => boolean;
}

/**
 * Every palette command's action, doing what the toolbar button or key of the same name does
 * (through the same store actions). Read once when the palette opens: it is short-lived.
 */
export function commandActions({ theme, toggleArea, isCollapsed }: CommandContext): Record<Exclude<CommandId, 'palette.open'>, CommandAction> {
  const workspace = useWorkspaceStore.getState();
  const run = useRunStore.getState();
  const share = useShareStore.getState();
  const ready = workspace.phase === 'ready';
  const hasProject = ready && workspace.currentProject !== null;
  const idle = hasProject && !run.running && !run.preparing;
  const selected = workspace.selectedPath === null ? null : findNode(workspace.tree, workspace.selectedPath);
  const folder = targetFolder(workspace.tree, workspace.selectedPath);
  const focus = (area: WorkbenchArea): CommandAction => ({ run: () => void focusArea(area), enabled: !isCollapsed(area) });

  return {
    'run.open-worker': { run: () => useRunStore.getState().runOpenWorker(), enabled: idle },
    'run.stop': { run: () => useRunStore.getState().stop(), enabled: run.running },
    'run.compare': { run: () => useCompareStore.getState().openCompare(), enabled: idle },
    'run.tests': { run: () => useWorkerTestsStore.getState().openTests(), enabled: idle },
    'file.new': { run: () => workspace.requestCreateFile(folder), enabled: hasProject },
    'folder.new': { run: () => workspace.requestCreateFolder(folder), enabled: hasProject },
    'file.upload': { run: async () => workspace.uploadFiles(await pickFiles({ multiple: true }), folder), enabled: hasProject },
    'file.rename': { run: () => workspace.requestRename(selected!.path), enabled: selected !== null },
    'file.delete': { run: () => workspace.requestDelete(selected!.path), enabled: selected !== null },
    'file.save': { run: () => workspace.saveNow(), enabled: hasProject },
    'project.new': { run: () => workspace.requestCreateProject(), enabled: ready },
    'project.import-zip': { run: async () => share.openZipImport((await pickFiles({ accept: '.zip,application/zip' }))[0]!), enabled: ready },
    'project.import-folder': { run: async () => share.openFolderImport(await pickFiles({ folder: true })), enabled: ready },
    'project.open-run-record': { run: async () => share.openRunFileImport((await pickFiles({ accept: '.json,application/json' }))[0]!), enabled: ready },
    'project.export-zip': { run: () => share.exportZip(), enabled: hasProject },
    'project.export-llm-do': { run: () => share.openLlmDoExport(), enabled: hasProject },
    'project.share': { run: () => share.openShare(), enabled: hasProject },
    'history.open': { run: () => useHistoryStore.getState().show(), enabled: hasProject },
    'history.undo-last-run': { run: undoLastRun, enabled: idle },
    'settings.open': { run: () => useSettingsStore.getState().openSettings(), enabled: true },
    'view.toggle-theme': { run: () => setTheme(theme === 'dark' ? 'light' : 'dark'), enabled: true },
    'view.toggle-files': { run: () => toggleArea('files'), enabled: true },
    'view.toggle-run': { run: () => toggleArea('run'), enabled: true },
    'view.toggle-problems': { run: () => toggleArea('problems'), enabled: true },
    'view.next-area': { run: () => focusAdjacentArea(1, isCollapsed), enabled: true },
    'view.previous-area': { run: () => focusAdjacentArea(-1, isCollapsed), enabled: true },
    'view.focus-files': focus('files'),
    'view.focus-editor': focus('editor'),
    'view.focus-run': focus('run'),
    'view.focus-problems': focus('problems'),
    'editor.toggle-tab-moves-focus': { run: () => useEditorTabModeStore.getState().toggleTabMovesFocus(), enabled: true },
  };
}

/** Opens the history at the newest run that changed files, with its undo plan to confirm. */
async function undoLastRun(): Promise<void> {
  const history = useHistoryStore.getState();
  await history.show();
  const lastRun = useHistoryStore.getState().commits.find((commit) => commit.kind === 'run' && commit.parent !== null);
  if (lastRun === undefined) useHistoryStore.setState({ error: 'No run has changed a file of this project yet: there is nothing to undo.' });
  else await history.planUndo(lastRun.oid);
}
