'use client';

import { lazy, Suspense, type ComponentType } from 'react';
import { treeShown } from '@/lib/state/ui/tree-shown';

/**
 * A part of the page whose code is fetched, and which hydrates, only once the file tree is shown
 * (lib/state/ui/tree-shown.ts). The server renders it in full, so it is painted with the rest of
 * the page's HTML and nothing moves when it hydrates; until then the server's HTML stands, and
 * React replays a click on it once it has hydrated.
 */
export function afterTree<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Part = lazy(async () => {
    await treeShown.wait();
    return { default: await load() };
  });
  function AfterTree(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return AfterTree;
}
