'use client';

import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { AreaBoundary } from '@/components/workbench/area-boundary';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { FileTree } from './file-tree';

/**
 * The file tree is a React root of its own, in a box of the page (file-tree-panel.tsx), rather
 * than a part of the page's root. What a person does first is in the tree, and a page's root is
 * interactive only once React has hydrated all of it and then rendered it again with the tree
 * the browser kept (a reload) or the example's manifest (a first visit): the store's state differs
 * from the server's, which had no project. Its own root renders the tree from the store in one
 * synchronous render before the page hydrates (`mountBeforeHydration`, from
 * instrumentation-client.ts, which Next runs as soon as the page's scripts do): nothing of the
 * tree waits for the rest of the page.
 *
 * React listens for events on a document once, for the first root whose container is in it, and a
 * root made inside a page before the page's own root (whose container is the document itself)
 * would leave the page's root without its listeners: no click on the rest of the page would be
 * handled. So the early root's box is made in a document of its own (made for this, never shown),
 * the tree rendered into it there, and the box then put in the page in place of the server's: its
 * listeners are on the box itself and move with it, and the page's document is left for the
 * page's root. Should the box not be parsed yet at that moment, the box's own component
 * (`FileTreeHost`, file-tree-panel.tsx) renders the tree into it as the page's root hydrates.
 *
 * The page's root leaves the box alone (it is told the box's content is its own inner HTML, as
 * after-tree.tsx does), so the two never touch the same elements. Events work across both: React
 * dispatches an event in the tree to this root's handlers, then to the page's above the box.
 * The tree reads everything from the store and no context, so it needs nothing from the page's root.
 */

/** The box's id; the page's server HTML has it with the tree as the server renders it (no project yet). */
export const FILE_TREE_HOST_ID = 'file-tree-host';

let current: { host: HTMLElement; root: Root } | null = null;

/** An error in the tree shows in its place and the tree tries again when another project opens, as in every area. */
function TreeArea() {
  const project = useWorkspaceStore((state) => state.currentProject);
  return (
    <AreaBoundary area="The file tree" resetKey={project}>
      <FileTree />
    </AreaBoundary>
  );
}

export const fileTreeRoot = {
  /** Before the page's root exists: the tree in a box of its own, which takes the server's box's place. True when it mounted. */
  mountBeforeHydration(): boolean {
    const serverBox = document.getElementById(FILE_TREE_HOST_ID);
    if (serverBox === null || current !== null) return false;
    const box = document.implementation.createHTMLDocument('').createElement('div');
    for (const { name, value } of serverBox.attributes) box.setAttribute(name, value);
    void useWorkspaceStore.getState().start();
    flushSync(() => fileTreeRoot.attach(box));
    serverBox.replaceWith(box);
    return true;
  },

  /** Renders the tree into `host`, once per box: the box the early mount used is taken over as it is. */
  attach(host: HTMLElement): void {
    if (current?.host === host) return;
    const previous = current;
    current = { host, root: createRoot(host) };
    current.root.render(<TreeArea />);
    // A box that left the page (its area rendered anew) takes its root with it; not during this render.
    if (previous !== null) setTimeout(() => previous.root.unmount(), 0);
  },

  /** The box's component unmounted: its root goes once the box has left the page (a remount keeps the same box and root). */
  release(host: HTMLElement): void {
    setTimeout(() => {
      if (current?.host !== host || host.isConnected) return;
      current.root.unmount();
      current = null;
    }, 0);
  },
};
