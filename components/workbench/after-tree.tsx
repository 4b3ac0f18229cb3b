'use client';

import { lazy, memo, Suspense, useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { treeShown } from '@/lib/state/ui/tree-shown';
import { partHydrated } from './early-clicks';

/**
 * A part of the page whose code is fetched, and which hydrates, only once the file tree is shown
 * (lib/state/ui/tree-shown.ts). The server renders it in full, so it is painted with the rest of
 * the page's HTML and nothing moves when it hydrates; until then the server's HTML stands.
 *
 * React drops a click on server HTML it cannot hydrate yet (its code has not arrived: React tries
 * to hydrate at once, cannot, and stops the event), so a person who clicks Settings in that moment
 * would see nothing happen. The part's box (`display: contents`, no box of its own) marks where
 * such a click is kept: early-clicks.ts holds it, and clicks it again once the part has hydrated.
 */
export function afterTree<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Part = lazy(async () => {
    await treeShown.wait();
    return { default: await load() };
  });
  // Memoised: a part's props are few and stable (most take none), so a re-render of what holds it
  // (the header, when the store's first state names the project) does not reach the boundary. An
  // update reaching a boundary that cannot hydrate yet makes React drop its server HTML and render
  // it on the client: the part would vanish until its code came.
  const AfterTree = memo(function AfterTree(props: Props) {
    const box = useRef<HTMLDivElement>(null);
    return (
      <div ref={box} className="after-tree" data-after-tree="">
        <Suspense fallback={null}>
          <Part {...props} />
          <Hydrated box={box} />
        </Suspense>
      </div>
    );
  });
  return AfterTree;
}

/** Commits with the part (the same Suspense boundary), so its effect runs once the part has hydrated. */
function Hydrated({ box }: { box: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (box.current !== null) partHydrated(box.current);
  }, [box]);
  return null;
}
