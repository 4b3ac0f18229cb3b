'use client';

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icon';
import { Tooltip } from './tooltip';

type IconButtonProps = {
  icon: IconName;
  /** The accessible name; icons are decorative, so every icon button needs one. */
  label: string;
  /** The key that does the same, shown in the tooltip after the label (e.g. "F2"). */
  shortcut?: string;
  /** Tooltip text when it should say more than the label; the shortcut is still appended. */
  title?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title' | 'aria-label' | 'children'>;

/** A toolbar button that shows only an icon, is named by its label, and says what it does (and its key) in a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ icon, label, shortcut, title = label, ...buttonProps }, ref) {
  const tip = shortcut === undefined ? title : `${title} (${shortcut})`;
  return (
    <Tooltip text={tip}>
      <button ref={ref} type="button" className="icon-button" aria-label={label} aria-keyshortcuts={shortcut} {...buttonProps}>
        <Icon name={icon} />
      </button>
    </Tooltip>
  );
});
