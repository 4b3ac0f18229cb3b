/**
 * The run machinery (lib/state/run/run-chunk.ts) is fetched on the first
 * run, and prefetched when the page is idle; this loader is all either needs,
 * so neither pulls the run store into the first load.
 */
export function loadRunMachinery() {
  return import('./run-chunk');
}
