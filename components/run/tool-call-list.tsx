import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { RunTree, ToolCallNode } from '@/lib/run-tree/reduce-run-events';
import { blockRanges, placeholderHeight, WINDOW_FROM_ROWS, type BlockRange } from './list-window';
import { ToolCallView } from './tool-call-view';
import styles from './run.module.css';

/** Marks the element that scrolls the run tree (the Run panel's); blocks are drawn within a screenful of its visible part. */
const SCROLL_ROOT_SELECTOR = '[data-run-scroll-root]';
const DRAW_MARGIN = '100% 0px';

interface ToolCallListProps {
  /** Where the worker calls started by the tool calls are looked up. */
  tree: RunTree;
  toolCalls: ToolCallNode[];
  renderChild: (childCallId: string | undefined) => ReactNode;
  forkable: boolean;
}

type BlockHeights = Map<number, { heightPx: number; rows: number }>;

/**
 * A worker call's tool calls. A long list is windowed (list-window.ts): only
 * the blocks of rows near the visible part of the Run panel are in the page, so
 * a call of 1,000 tool calls streaming in costs the browser what its visible
 * rows cost. The rows out of view are not in the DOM: the browser's find does
 * not see them until they are scrolled to.
 */
export function ToolCallList({ tree, toolCalls, renderChild, forkable }: ToolCallListProps) {
  // Heights of drawn blocks, kept across renders; written by the blocks' resize observers, read when a block leaves view.
  const heights = useRef<BlockHeights>(new Map());
  if (toolCalls.length < WINDOW_FROM_ROWS) {
    return (
      <div role="list" className={styles.toolCalls}>
        {toolCallRows({ tree, toolCalls, renderChild, forkable }, { start: 0, end: toolCalls.length }, false)}
      </div>
    );
  }
  return (
    <div role="list" className={styles.toolCalls} aria-label={`${toolCalls.length} tool calls`} data-testid="tool-call-list" data-windowed="true" data-count={toolCalls.length}>
      {blockRanges(toolCalls.length).map((range) => (
        <ToolCallBlock key={range.start} range={range} tree={tree} toolCalls={toolCalls} renderChild={renderChild} forkable={forkable} heights={heights.current} />
      ))}
    </div>
  );
}

/** The rows of `range`; numbered (aria-posinset) in a windowed list, where the rows before may not be in the page. */
function toolCallRows({ tree, toolCalls, renderChild, forkable }: ToolCallListProps, range: BlockRange, numbered: boolean): ReactNode[] {
  return toolCalls
    .slice(range.start, range.end)
    .map((toolCall, offset) => (
      <ToolCallView
        key={toolCall.toolCallId}
        toolCall={toolCall}
        childCall={childCallOf(tree, toolCall)}
        renderChild={renderChild}
        forkable={forkable}
        {...(numbered ? { position: range.start + offset + 1 } : {})}
      />
    ));
}

function childCallOf(tree: RunTree, toolCall: ToolCallNode) {
  return toolCall.childCallId === undefined ? undefined : tree.calls[toolCall.childCallId];
}

interface ToolCallBlockProps extends ToolCallListProps {
  range: BlockRange;
  heights: BlockHeights;
}

/**
 * Renders again only when one of its rows, or a worker call under one, is a
 * new object (the reducer replaces what changed): a row appended to the last
 * block leaves the other 39 of a 1,000-row list alone.
 */
const ToolCallBlock = memo(ToolCallBlockContent, (previous, next) => {
  if (previous.range.start !== next.range.start || previous.range.end !== next.range.end || previous.forkable !== next.forkable) return false;
  for (let index = next.range.start; index < next.range.end; index += 1) {
    const before = previous.toolCalls[index]!;
    const after = next.toolCalls[index]!;
    if (before !== after || childCallOf(previous.tree, before) !== childCallOf(next.tree, after)) return false;
  }
  return true;
});

function ToolCallBlockContent({ range, tree, toolCalls, renderChild, forkable, heights }: ToolCallBlockProps) {
  const element = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // The resize observer reads the row count of the block as committed (the last block grows while it streams);
  // set after the commit, before the layout the observer reports on.
  const rowCount = useRef(range.end - range.start);
  useLayoutEffect(() => {
    rowCount.current = range.end - range.start;
  });

  useEffect(() => {
    const block = element.current;
    if (block === null) return;
    const root = block.closest<HTMLElement>(SCROLL_ROOT_SELECTOR);
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry === undefined) return;
        // A block holding the focus stays: taking its rows away would drop the focus to the page.
        setDrawn(entry.isIntersecting || block.contains(document.activeElement));
      },
      { root, rootMargin: DRAW_MARGIN },
    );
    observer.observe(block);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const block = element.current;
    if (!drawn || block === null) return;
    const observer = new ResizeObserver((entries) => {
      const size = entries.at(-1)?.borderBoxSize[0];
      if (size !== undefined) heights.set(range.start, { heightPx: size.blockSize, rows: rowCount.current });
    });
    observer.observe(block);
    return () => observer.disconnect();
  }, [drawn, heights, range.start]);

  if (!drawn) {
    return <div ref={element} className={styles.toolCallBlock} style={{ height: placeholderHeight(range, { blocks: heights }) }} data-testid="tool-call-block" data-drawn="false" />;
  }
  return (
    <div ref={element} className={styles.toolCallBlock} data-testid="tool-call-block" data-drawn="true">
      {toolCallRows({ tree, toolCalls, renderChild, forkable }, range, true)}
    </div>
  );
}
