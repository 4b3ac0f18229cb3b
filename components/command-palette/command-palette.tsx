'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useMemo } from 'react';
import { paletteCommands, type CommandDefinition, type CommandGroup, type CommandId } from '@/lib/state/ui/commands/command-list';
import { ariaKeyShortcuts, isMacPlatform, shortcutLabel } from '@/lib/state/ui/commands/shortcut-keys';
import { usePaletteStore } from '@/lib/state/ui/commands/palette-store';
import { paletteMatchScore } from '@/lib/state/ui/commands/palette-filter';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import type { TreeNode } from '@/lib/state/workspace/workspace-types';
import { useTheme } from '@/components/theme/theme';
import { useAreaControls } from '@/components/workbench/areas/area-controls';
import { commandActions } from './command-actions';
import { FileTypeIcon } from '@/components/file-tree/file-type-icon';
import styles from './command-palette.module.css';

const GROUP_ORDER: readonly CommandGroup[] = ['Run', 'Files', 'Project', 'History', 'View'];

/** How many of the project's files the palette lists (the filter finds any of them by typing). */
const MAX_FILES = 2000;

function filePaths(nodes: readonly TreeNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (into.length >= MAX_FILES) break;
    if (node.kind === 'directory') filePaths(node.children, into);
    else into.push(node.path);
  }
  return into;
}

/**
 * The command palette (Ctrl/Cmd+Shift+P, F1): every action of the IDE with its shortcut, and the
 * project's files to open by name. cmdk filters and moves the selection by the arrow keys; Radix's
 * dialog keeps the focus inside and gives it back on closing. An action runs once the palette has
 * closed and the focus is back where it was, so an action that moves the focus keeps its move.
 */
export function CommandPalette() {
  const setOpen = usePaletteStore((state) => state.setOpen);
  const theme = useTheme();
  const { collapsed, toggle } = useAreaControls();
  const tree = useWorkspaceStore((state) => state.tree);
  const actions = useMemo(
    () => commandActions({ theme, toggleArea: toggle, isCollapsed: (area) => area !== 'editor' && collapsed[area] }),
    // Once per opening: the palette reads the page as it was when opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const files = useMemo(() => filePaths(tree), [tree]);
  const isMac = isMacPlatform();
  const groups = GROUP_ORDER.map((group) => ({ group, commands: paletteCommands().filter((command) => command.group === group) }));

  const runAfterClosing = (action: () => void | Promise<void>) => {
    setOpen(false);
    setTimeout(() => void action(), 0);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : setOpen(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" />
        <Dialog.Content className={styles.palette} data-testid="command-palette" aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>Command palette</Dialog.Title>
          <Command label="Commands and files" loop filter={paletteMatchScore}>
            <Command.Input className={styles.input} placeholder="Type a command or a file name" data-testid="command-palette-input" />
            <Command.List className={styles.list}>
              <Command.Empty className={styles.empty}>No command or file matches.</Command.Empty>
              {groups.map(({ group, commands }) => (
                <Command.Group key={group} heading={group} className={styles.group}>
                  {commands.map((command) => (
                    <CommandItem key={command.id} command={command} enabled={actions[command.id as Exclude<CommandId, 'palette.open'>].enabled} isMac={isMac} onSelect={() => runAfterClosing(actions[command.id as Exclude<CommandId, 'palette.open'>].run)} />
                  ))}
                </Command.Group>
              ))}
              {files.length === 0 ? null : (
                <Command.Group heading="Open a file" className={styles.group}>
                  {files.map((path) => (
                    <Command.Item key={path} value={`file ${path}`} keywords={['open']} className={styles.item} data-testid="command-palette-file" onSelect={() => runAfterClosing(() => useWorkspaceStore.getState().openFile(path))}>
                      <FileTypeIcon name={path} />
                      <span className={styles.itemTitle}>{path}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
          </Command>
          <p className={styles.hint}>↑↓ choose · Enter runs · Esc closes</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CommandItem({ command, enabled, isMac, onSelect }: { command: CommandDefinition; enabled: boolean; isMac: boolean; onSelect: () => void }) {
  return (
    <Command.Item
      value={command.title}
      keywords={[...(command.keywords ?? []), command.group]}
      disabled={!enabled}
      className={styles.item}
      data-testid="command-palette-item"
      data-command={command.id}
      aria-keyshortcuts={command.shortcut === undefined ? undefined : ariaKeyShortcuts(command.shortcut)}
      onSelect={onSelect}
    >
      <span className={styles.itemTitle}>{command.title}</span>
      {command.shortcut === undefined ? null : <kbd className={styles.shortcut}>{shortcutLabel(command.shortcut, isMac)}</kbd>}
    </Command.Item>
  );
}
