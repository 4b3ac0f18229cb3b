import { loadRunMachinery } from '../run/load-run-chunk';

/**
 * What the first load leaves out (the project checker, the run machinery, pdf.js) is
 * fetched once the page is idle, so the first check and the first Run do not
 * wait for a download (nor, for its first tool call, for Ajv to compile its
 * meta-schema). A failed prefetch is harmless: each loads again on use.
 */
export function prefetchWhenIdle(alsoPrefetch: readonly (() => void)[] = []): () => void {
  const prefetch = () => {
    // The UI's own deferred parts (tooltips, dialogs), passed in: lib/ does not import components.
    for (const load of alsoPrefetch) load();
    // The checker's loader lives with the store's later actions (workspace-actions.ts), which are in by now.
    void import('../workspace/diagnostics')
      .then((diagnostics) => diagnostics.loadAnalyzer())
      .catch(() => undefined);
    void loadRunMachinery()
      .then((machinery) => {
        machinery.warmSchemaValidation();
        machinery.prefetchPdfJs();
      })
      .catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prefetch, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(prefetch, 1_000);
  return () => window.clearTimeout(timer);
}
