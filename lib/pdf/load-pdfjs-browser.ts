import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import { extractPdfText } from './extract-pdf-text';
import type { PdfJsModule } from './pdfjs-module';

/**
 * Loads the browser build of pdf.js on first use (it is large; most runs never
 * need it) and points it at its web worker, so parsing never blocks the UI.
 * Browser only: Node uses `pdfjs-dist/legacy/build/pdf.mjs` directly.
 */
let loading: Promise<PdfJsModule> | undefined;

export function loadBrowserPdfJs(): Promise<PdfJsModule> {
  loading ??= import('pdfjs-dist/build/pdf.mjs').then((pdfjs) => {
    // new Worker(new URL(…, import.meta.url)) is the form Turbopack bundles (as for Monaco's workers).
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), {
      type: 'module',
    });
    return pdfjs as unknown as PdfJsModule;
  });
  // A failed load (offline, blocked chunk) is retried on the next PDF rather than remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The runtime's PdfTextExtractor for the browser: pdf.js is loaded on the first PDF that needs text. */
export const browserPdfTextExtractor: PdfTextExtractor = async (bytes) => extractPdfText(await loadBrowserPdfJs(), bytes);
