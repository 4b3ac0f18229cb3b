'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { TabKit, TabListProps, TabTriggerProps } from './tab-kit';

/**
 * The editor area's tab list on Radix's Tabs: Left and Right move between tabs (wrapping),
 * Home and End go to the first and last, Enter or Space shows the focused one. Activation is
 * manual, not on focus as in VS Code's tab bar: there a tab holds an editor already open, here
 * showing a run's tab mounts its document (its code the first time, and the rows of a run's
 * whole call tree), which an arrow key passing over it should not pay for.
 */
function RadixTabList({ value, onValueChange, label, children }: TabListProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} activationMode="manual" className="editor-tab-root">
      <Tabs.List aria-label={label} className="editor-tab-list">
        {children}
      </Tabs.List>
    </Tabs.Root>
  );
}

/** A Radix tab whose ids are the editor pane's: its panels are the pane's own elements, not Radix's. */
function RadixTabTrigger({ value, tabId, panelId, ...button }: TabTriggerProps) {
  return <Tabs.Trigger value={value} id={tabId} aria-controls={panelId} {...button} />;
}

export const RADIX_TAB_KIT: TabKit = { List: RadixTabList, Trigger: RadixTabTrigger };
