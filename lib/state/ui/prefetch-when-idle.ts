import { loadRunMachinery } from '../run/load-run-chunk';
import { loadAnalyzer } from '../workspace/diagnostics';
import { whenIdle } from './when-idle';

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
    void loadAnalyzer().catch(() => undefined);
    void loadRunMachinery()
      .then((machinery) => {
        machinery.warmSchemaValidation();
        machinery.prefetchPdfJs();
      })
      .catch(() => undefined);
  };
  return whenIdle(prefetch);
}
