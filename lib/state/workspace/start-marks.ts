/**
 * User Timing marks of the start ("workerbench:storage-open", …), on the page's
 * clock: where a slow first load spends its time, for DevTools and the
 * ide-load bench. No-ops where there is no performance timeline.
 */
export function markStartPhase(phase: 'kept-tree-shown' | 'manifest-shown' | 'storage-open' | 'example-seeded' | 'project-loaded'): void {
  globalThis.performance?.mark?.(`workerbench:${phase}`);
}
