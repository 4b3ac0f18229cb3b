'use client';

import { useId, useState } from 'react';
import { deferredModule } from '@/components/deferred/deferred-module';
import { Icon, type IconName } from '@/components/icons/icon';
import { Tooltip } from '@/components/icons/tooltip';

export interface OverflowMenuItem {
  /** The item's words, also its accessible name. */
  label: string;
  icon: IconName;
  onSelect: () => void;
  disabled?: boolean;
  /** An action that deletes: drawn in the danger colour. */
  danger?: boolean;
  /** Draws a line above the item, between groups of actions. */
  startsGroup?: boolean;
  testId?: string;
  /** The key that does the same where the action lives (e.g. "P" on the file tree), shown at the item's end. */
  shortcut?: string;
}

interface OverflowMenuProps {
  /** The trigger's accessible name and tooltip, e.g. "More project actions". */
  label: string;
  items: readonly OverflowMenuItem[];
  disabled?: boolean;
  testId?: string;
}

/*
 * The menu itself (Radix, with its positioning and keyboard code) is fetched when the page is
 * idle, like the tooltips: the sidebar draws its trigger at first paint without it. A click
 * before it arrives fetches it and opens the menu as soon as it is there.
 */
const menuViews = deferredModule(() => import('./overflow-menu-view'));

export const preloadOverflowMenus = menuViews.preload;

/** An icon button ("…") that opens a list of a toolbar's less used actions. */
export function OverflowMenu({ label, items, disabled = false, testId }: OverflowMenuProps) {
  const module = menuViews.useLoaded();
  const [open, setOpen] = useState(false);
  // The stand-in and the loaded trigger share an id, so the focus stays on it across the swap.
  const id = useId();
  if (module !== null) return <module.OverflowMenuView id={id} label={label} items={items} disabled={disabled} testId={testId} open={open} onOpenChange={setOpen} />;
  return (
    <Tooltip text={label}>
      <button
        id={id}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={disabled}
        data-testid={testId}
        onClick={() => {
          setOpen(true);
          menuViews.preload();
        }}
      >
        <Icon name="more" />
      </button>
    </Tooltip>
  );
}
