/**
 * Every action of the IDE, named once: the command palette lists them, the keyboard listeners
 * match their shortcuts, and toolbar buttons take their labels and tooltips' keys from here, so
 * a shortcut shown anywhere is the one that works. What each action does lives with the UI that
 * owns it (components/command-palette/command-actions.ts); this file is data only.
 */
export type CommandGroup = 'Run' | 'Files' | 'Project' | 'View' | 'History';

export interface CommandDefinition {
  id: string;
  title: string;
  group: CommandGroup;
  /** In the form matchShortcut reads: modifiers then key, joined by "+"; "Mod" is Ctrl, or ⌘ on a Mac. */
  shortcut?: string;
  /** Other words a person may type for it in the palette. */
  keywords?: readonly string[];
  /** Listed in the palette; false for the palette's own key. */
  inPalette?: boolean;
}

export const COMMANDS = [
  { id: 'palette.open', title: 'Show all commands', group: 'View', shortcut: 'Mod+Shift+P', inPalette: false },
  { id: 'run.open-worker', title: 'Run the open worker', group: 'Run', shortcut: 'Mod+Enter', keywords: ['start', 'execute'] },
  { id: 'run.stop', title: 'Stop the run', group: 'Run', shortcut: 'Escape', keywords: ['abort', 'cancel'] },
  { id: 'run.compare', title: 'Compare models…', group: 'Run', keywords: ['side by side'] },
  { id: 'run.tests', title: 'Run worker tests…', group: 'Run', keywords: ['tests.yaml', 'check'] },
  { id: 'file.new', title: 'New file…', group: 'Files', keywords: ['create', 'worker'] },
  { id: 'folder.new', title: 'New folder…', group: 'Files', keywords: ['create', 'directory'] },
  { id: 'file.upload', title: 'Upload files…', group: 'Files', keywords: ['add'] },
  { id: 'file.rename', title: 'Rename the selected file…', group: 'Files', shortcut: 'F2' },
  { id: 'file.delete', title: 'Delete the selected file…', group: 'Files', shortcut: 'Delete', keywords: ['remove'] },
  { id: 'file.save', title: 'Save now', group: 'Files', shortcut: 'Mod+S' },
  { id: 'project.new', title: 'New project…', group: 'Project', keywords: ['create'] },
  { id: 'project.import-zip', title: 'Import project from .zip…', group: 'Project', keywords: ['open', 'upload'] },
  { id: 'project.import-folder', title: 'Import project from a folder…', group: 'Project', keywords: ['open', 'directory'] },
  { id: 'project.open-run-record', title: 'Open a run record (.run.json)…', group: 'Project', keywords: ['replay', 'import'] },
  { id: 'project.export-zip', title: 'Export project as .zip', group: 'Project', keywords: ['download', 'save'] },
  { id: 'project.export-llm-do', title: 'Export as an llm-do project (.zip)…', group: 'Project', keywords: ['download'] },
  { id: 'project.share', title: 'Share the project as a link…', group: 'Project', keywords: ['link', 'url'] },
  { id: 'history.open', title: 'Project history…', group: 'History', keywords: ['commits', 'restore'] },
  { id: 'history.undo-last-run', title: "Undo the last run's changes…", group: 'History', keywords: ['revert'] },
  { id: 'settings.open', title: 'Settings…', group: 'View', keywords: ['api keys', 'prices', 'preferences'] },
  { id: 'view.toggle-theme', title: 'Switch between the dark and the light theme', group: 'View', keywords: ['colour', 'color', 'dark', 'light'] },
  { id: 'view.toggle-files', title: 'Show or hide the files sidebar', group: 'View', keywords: ['explorer', 'tree'] },
  { id: 'view.toggle-run', title: 'Show or hide the run panel', group: 'View', keywords: ['runs'] },
  { id: 'view.toggle-problems', title: 'Show or fold Problems', group: 'View', keywords: ['errors', 'warnings'] },
  { id: 'view.next-area', title: 'Focus the next area', group: 'View', shortcut: 'F6' },
  { id: 'view.previous-area', title: 'Focus the previous area', group: 'View', shortcut: 'Shift+F6' },
  { id: 'view.focus-files', title: 'Focus the file tree', group: 'View', keywords: ['explorer'] },
  { id: 'view.focus-editor', title: 'Focus the editor', group: 'View' },
  { id: 'view.focus-run', title: 'Focus the run panel', group: 'View' },
  { id: 'view.focus-problems', title: 'Focus Problems', group: 'View' },
  { id: 'editor.toggle-tab-moves-focus', title: 'Switch what Tab does in the editor (indent or move focus)', group: 'View', shortcut: 'Mod+M' },
] as const satisfies readonly CommandDefinition[];

export type CommandId = (typeof COMMANDS)[number]['id'];

const BY_ID: ReadonlyMap<string, CommandDefinition> = new Map(COMMANDS.map((command) => [command.id, command]));

export function commandDefinition(id: CommandId): CommandDefinition {
  return BY_ID.get(id)!;
}

/** The commands the palette lists, in the registry's order (grouped there). */
export function paletteCommands(): CommandDefinition[] {
  return COMMANDS.filter((command: CommandDefinition) => command.inPalette !== false);
}
