'use client';

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { commandDefinition, type CommandId } from '@/lib/state/ui/commands/command-list';
import { ariaKeyShortcuts, shortcutLabel } from '@/lib/state/ui/commands/shortcut-keys';
import { Icon, type IconName } from './icon';
import { Tooltip } from './tooltip';

type IconButtonProps = {
  icon: IconName;
  /** The accessible name; icons are decorative, so every icon button needs one. */
  label: string;
  /** The key that does the same, shown in the tooltip after the label (e.g. "P"). */
  shortcut?: string;
  /** The registry's command this button runs: its shortcut is the tooltip's and aria-keyshortcuts' (lib/state/ui/commands). */
  command?: CommandId;
  /** Tooltip text when it should say more than the label; the shortcut is still appended. */
  title?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title' | 'aria-label' | 'children'>;

/** A toolbar button that shows only an icon, is named by its label, and says what it does (and its key) in a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ icon, label, shortcut, command, title = label, ...buttonProps }, ref) {
  const commandShortcut = command === undefined ? undefined : commandDefinition(command).shortcut;
  const keys = commandShortcut === undefined ? shortcut : shortcutLabel(commandShortcut, null);
  const tip = keys === undefined ? title : `${title} (${keys})`;
  return (
    <Tooltip text={tip}>
      <button ref={ref} type="button" className="icon-button" aria-label={label} aria-keyshortcuts={commandShortcut === undefined ? shortcut : ariaKeyShortcuts(commandShortcut)} {...buttonProps}>
        <Icon name={icon} />
      </button>
    </Tooltip>
  );
});
