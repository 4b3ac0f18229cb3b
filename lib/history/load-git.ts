/**
 * isomorphic-git is loaded on first use (a dynamic import), so it never weighs
 * on the IDE's first load; history work starts after a save or a run.
 */
export type Git = typeof import('isomorphic-git');

let loading: Promise<Git> | undefined;

export function loadGit(): Promise<Git> {
  loading ??= import('isomorphic-git');
  return loading;
}
