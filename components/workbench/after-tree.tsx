'use client';

import { lazy, memo, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type RefObject } from 'react';
import { treeShown } from '@/lib/state/ui/tree-shown';
import { partRendered } from './early-clicks';

/**
 * A part of the page whose code is fetched, and which renders on the client, only once the file
 * tree is shown (lib/state/ui/tree-shown.ts). The server renders it in full, so it is painted with
 * the rest of the page's HTML; that HTML stands, untouched, until the part's code is here, and the
 * part then takes its place in one commit: nothing blinks and nothing moves.
 *
 * Why not hydrate it: until its code comes, a part left to hydrate later is a Suspense boundary
 * waiting on server HTML, and any context that changes above it (the areas' layout does, as soon
 * as it is measured) makes React drop that HTML and render the part anew once it can. The project
 * menu, the editor and Problems vanished that way, the moment the tree appeared, until their code
 * came. Here React is told the box's content is its own inner HTML (the same object on every
 * render, so it never sets it), so it neither hydrates nor removes what the server put there.
 *
 * React drops nothing a person clicks meanwhile: early-clicks.ts keeps a click on the server's HTML
 * and clicks the same place again once the part has rendered.
 */
export function afterTree<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  // The server's render (the build's prerender awaits it) has the part in full.
  const ServerPart = lazy(async () => ({ default: await load() }));
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const loadOnceTreeShown = () =>
    (loading ??= treeShown
      .wait()
      .then(load)
      .then((component) => (loaded = component)));

  // Memoised: a part's props are few and stable (most take none), so a re-render of what holds it
  // does not render it again.
  const AfterTree = memo(function AfterTree(props: Props) {
    if (typeof window === 'undefined') {
      return (
        <div className="after-tree" data-after-tree="">
          <Suspense fallback={null}>
            <ServerPart {...props} />
          </Suspense>
        </div>
      );
    }
    return <ClientPart part={props} loadOnceTreeShown={loadOnceTreeShown} loadedNow={() => loaded} />;
  });
  return AfterTree;
}

/**
 * React leaves a box whose inner HTML it set itself alone; one object, so it is never set again
 * (also the file tree's box, whose content another root renders: file-tree-root.tsx).
 */
export const SERVER_HTML_KEPT = { __html: '' };
const subscribeToNothing = () => () => undefined;

function ClientPart<Props extends object>({
  part,
  loadOnceTreeShown,
  loadedNow,
}: {
  part: Props;
  loadOnceTreeShown: () => Promise<ComponentType<Props>>;
  loadedNow: () => ComponentType<Props> | null;
}) {
  // False while the page hydrates (the server's HTML must then stand), true for a part mounted
  // later (another project opened, an area tried again), which renders at once if its code is here.
  const mountedAfterHydration = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const [Part, setPart] = useState<ComponentType<Props> | null>(null);
  const Shown = Part ?? (mountedAfterHydration ? loadedNow() : null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Shown !== null) return;
    let mounted = true;
    void loadOnceTreeShown().then((component) => {
      if (mounted) setPart(() => component);
    });
    return () => {
      mounted = false;
    };
  }, [Shown, loadOnceTreeShown]);

  if (Shown === null) return <div className="after-tree" data-after-tree="" dangerouslySetInnerHTML={SERVER_HTML_KEPT} />;
  // Another key: React removes the box with the server's HTML and puts this one in its place, in one commit.
  return (
    <div key="rendered" ref={box} className="after-tree" data-after-tree="">
      <Suspense fallback={null}>
        <Shown {...part} />
        <Rendered box={box} />
      </Suspense>
    </div>
  );
}

/** Commits with the part (the same Suspense boundary), so its effect runs once the part is on the page. */
function Rendered({ box }: { box: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (box.current !== null) partRendered(box.current);
  }, [box]);
  return null;
}
