'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { CallTreeRow, CallTreeRows } from '@/lib/state/run/call-tree-rows';
import { treeKeyAction } from '@/lib/state/run/call-tree-keys';
import { CallTreeRowView } from './call-tree-row';
import { CallTreeWindow, TREE_SCROLL_ROOT_ATTRIBUTE } from './call-tree-window';
import styles from './run-document.module.css';

/** How close to the bottom (px) still counts as "at the newest activity". */
const FOLLOW_SLACK_PX = 32;

interface CallTreeProps {
  rows: CallTreeRows;
  selectedKey: string | null;
  /** Where the selected row is in `rows`; -1 when a closed row hides it. */
  selectedIndex: number;
  /** Selects a row (a click focuses it by itself; the keyboard's moves focus it here). */
  onSelect: (row: CallTreeRow) => void;
  onToggle: (row: CallTreeRow, expanded?: boolean) => void;
  /** A running run keeps its newest rows in view, unless the person scrolled away from them. */
  live: boolean;
  /** Bumped by the document when a row should take the focus (the timeline, a reveal). */
  focusRequest: number;
}

/**
 * A run's calls as a tree (role tree, one treeitem a row) with the keyboard of
 * a file tree (call-tree-keys.ts). The selected row is the one Tab
 * lands on and the one the detail pane shows.
 */
export function CallTree({ rows, selectedKey, selectedIndex, onSelect, onToggle, live, focusRequest }: CallTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const pendingFocus = useRef<string | null>(null);
  // Handlers the rows keep: stable, reading the latest props through a ref, so selecting a row redraws two rows, not all.
  const latest = useRef({ onSelect, onToggle });
  useLayoutEffect(() => {
    latest.current = { onSelect, onToggle };
  });
  const selectRow = useCallback((row: CallTreeRow) => latest.current.onSelect(row), []);
  const toggleRow = useCallback((row: CallTreeRow) => latest.current.onToggle(row), []);

  // Follow the newest activity: after each change of a live run, stay at the bottom if the person was there.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!live || element === null || !following.current) return;
    element.scrollTop = element.scrollHeight;
  }, [rows, live]);

  const focusRow = useCallback((key: string) => {
    pendingFocus.current = key;
    const element = scroller.current;
    if (element === null) return;
    let tries = 0;
    // A row in a block not drawn yet appears once the block sees it is in view: a few frames at most.
    const attempt = () => {
      if (pendingFocus.current !== key) return;
      const row = element.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`);
      if (row !== null) {
        row.scrollIntoView({ block: 'nearest' });
        row.focus({ preventScroll: true });
        pendingFocus.current = null;
      } else if (tries < 20) {
        tries += 1;
        requestAnimationFrame(attempt);
      }
    };
    requestAnimationFrame(attempt);
  }, []);

  useEffect(() => {
    if (focusRequest > 0 && selectedKey !== null) focusRow(selectedKey);
    // Only a new request moves the focus; a selection made by a click already has it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const moveTo = (index: number) => {
    const row = rows.at(index);
    if (row === undefined) return;
    // A row far from the drawn blocks: scroll near it first (Home/End on a long list), then focus it.
    if (index === 0) scroller.current?.scrollTo({ top: 0 });
    else if (index === rows.length - 1) scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
    onSelect(row);
    focusRow(row.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = treeKeyAction(rows, selectedIndex, event.key);
    if (action === null) return;
    event.preventDefault();
    if (action.kind === 'move') moveTo(action.index);
    else if (action.kind === 'toggle') onToggle(action.row, action.expanded);
  };

  // Tab lands on the selected row; when it is folded away (its parent closed), on the first row.
  const tabStop = selectedKey !== null && selectedIndex !== -1 ? selectedKey : (rows.at(0)?.key ?? null);

  return (
    <div
      ref={scroller}
      className={styles.treeScroll}
      {...{ [TREE_SCROLL_ROOT_ATTRIBUTE]: '' }}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
      }}
    >
      <div role="tree" aria-label="Calls of this run" className={styles.tree} data-testid="call-tree" data-count={rows.length} onKeyDown={onKeyDown}>
        <CallTreeWindow
          rows={rows}
          markedKeys={[selectedKey, tabStop]}
          renderRow={(row) => (
            <CallTreeRowView key={row.key} row={row} selected={row.key === selectedKey} tabStop={row.key === tabStop} onSelect={selectRow} onToggle={toggleRow} />
          )}
        />
      </div>
    </div>
  );
}
