/**
 * The moment the file tree is first on screen (or the start has ended without one). The parts of
 * the page that are not the tree wait for it before their code loads and hydrates
 * (components/workbench/after-tree.tsx): on a first visit and on a reload, only the tree's code
 * runs before the tree is interactive, and nothing else competes with it for the main thread.
 */
let resolveShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

export const treeShown = {
  /** Called once the tree has been drawn: the rest follows after that frame is painted. Later calls change nothing. */
  announce(): void {
    requestAnimationFrame(() => setTimeout(resolveShown, 0));
  },
  /** Resolves once the tree is shown; at once where there is no page (the server renders every part in full). */
  wait(): Promise<void> {
    return typeof window === 'undefined' ? Promise.resolve() : shown;
  },
};
