import { fileTreeRoot } from '@/components/file-tree/file-tree-root';
import { paintBeforeHydrating } from '@/components/file-tree/paint-before-hydrating';

/**
 * Runs in the browser as soon as the page's scripts do, before Next hydrates the page (Next's
 * client instrumentation hook). The file tree, a React root of its own, is rendered here from the
 * tree the browser kept or the example's manifest, so it is interactive before the rest of the page
 * has hydrated (components/file-tree/file-tree-root.tsx says why and how); the page then hydrates
 * in the next task, so the browser can paint the tree first (paint-before-hydrating.ts).
 */
if (fileTreeRoot.mountBeforeHydration()) paintBeforeHydrating();
