import { Suspense, type ReactElement, type ReactNode } from 'react';

/**
 * A part of the shell that is not on the way to the file tree, as a Suspense boundary: React
 * hydrates the page's server HTML without it first, and the boundary after, at a lower priority,
 * so the tree is interactive sooner. Its server HTML stands meanwhile; a click on it makes React
 * hydrate it at once (its code came with the page) and is then handled. Code that comes later is
 * after-tree.tsx's, whose early clicks early-clicks.ts keeps.
 *
 * Made once, at module level: the element is then the same object on every render, so the page's
 * re-render when the store's first state differs from the server's (the kept tree, the manifest)
 * leaves the boundary as it is; a new element would make React hydrate it in that render.
 */
export function hydratedLater(part: ReactNode): ReactElement {
  return <Suspense fallback={null}>{part}</Suspense>;
}
