'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Fragment } from 'react';
import { Icon } from '@/components/icons/icon';
import { Tooltip } from '@/components/icons/tooltip';
import type { OverflowMenuItem } from './overflow-menu';
import styles from './overflow-menu.module.css';

interface OverflowMenuViewProps {
  id: string;
  label: string;
  items: readonly OverflowMenuItem[];
  disabled: boolean;
  testId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Radix's dropdown menu behind an overflow trigger: arrow keys move, Enter chooses, Esc closes and focuses the trigger again. */
export function OverflowMenuView({ id, label, items, disabled, testId, open, onOpenChange }: OverflowMenuViewProps) {
  return (
    <DropdownMenu.Root open={open && !disabled} onOpenChange={onOpenChange}>
      <Tooltip text={label}>
        <DropdownMenu.Trigger asChild disabled={disabled}>
          <button id={id} type="button" className="icon-button" aria-label={label} data-testid={testId}>
            <Icon name="more" />
          </button>
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="start" sideOffset={4} collisionPadding={8}>
          {items.map((item) => (
            <Fragment key={item.label}>
              {item.startsGroup === true ? <DropdownMenu.Separator className={styles.separator} /> : null}
              <DropdownMenu.Item
                className={item.danger === true ? `${styles.item} ${styles.danger}` : styles.item}
                disabled={item.disabled}
                onSelect={item.onSelect}
                data-testid={item.testId}
                aria-keyshortcuts={item.shortcut}
              >
                <Icon name={item.icon} />
                <span className={styles.label}>{item.label}</span>
                {item.shortcut === undefined ? null : <kbd className={styles.shortcut}>{item.shortcut}</kbd>}
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
