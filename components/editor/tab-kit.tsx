'use client';

import { deferredModule } from '@/components/deferred/deferred-module';
import { createContext, useContext, type ButtonHTMLAttributes, type ComponentType, type ReactNode, type Ref } from 'react';

/*
 * The editor area's tab list and tabs. They are Radix's Tabs (radix-tab-kit.tsx: arrow keys,
 * Home and End between tabs, Enter or Space to show one), fetched when the page is idle rather
 * than with the first load, which has no room left for them under its budget. Until then the
 * same markup without the arrow keys: the tabs are there and work by click at once. The panels
 * are the editor pane's own, so that the switch never remounts the file's editor.
 */

export interface TabListProps {
  /** The tab in front. */
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  children: ReactNode;
}

/** One tab: its value, the ids that tie it to its panel, and the button's own attributes. */
export interface TabTriggerProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'id' | 'role' | 'type'> {
  value: string;
  tabId: string;
  panelId: string;
  ref?: Ref<HTMLButtonElement>;
}

export interface TabKit {
  List: ComponentType<TabListProps>;
  Trigger: ComponentType<TabTriggerProps>;
}

const PlainTabsContext = createContext<Pick<TabListProps, 'value' | 'onValueChange'> | null>(null);

function PlainTabList({ value, onValueChange, label, children }: TabListProps) {
  return (
    <PlainTabsContext value={{ value, onValueChange }}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="editor-tab-list">
        {children}
      </div>
    </PlainTabsContext>
  );
}

function PlainTabTrigger({ value, tabId, panelId, onClick, ...button }: TabTriggerProps) {
  const tabs = useContext(PlainTabsContext);
  const selected = tabs?.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId}
      aria-controls={panelId}
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      {...button}
      onClick={(event) => {
        onClick?.(event);
        tabs?.onValueChange(value);
      }}
    />
  );
}

const PLAIN_TAB_KIT: TabKit = { List: PlainTabList, Trigger: PlainTabTrigger };

const radixTabKit = deferredModule(() => import('./radix-tab-kit').then((module) => module.RADIX_TAB_KIT));

export const preloadEditorTabs = radixTabKit.preload;

/** Radix's tab list and tabs once fetched, the plain ones until then (and on the server). */
export function useTabKit(): TabKit {
  return radixTabKit.useLoaded() ?? PLAIN_TAB_KIT;
}
