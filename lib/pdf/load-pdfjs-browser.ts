import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import { extractPdfText } from './extract-pdf-text';
import type { PdfJsDocument, PdfJsDocumentParameters, PdfJsLoadingTask, PdfJsModule, PdfJsPage } from './pdfjs-module';

/**
 * The one browser loader of pdf.js, for the PDF viewer and for run-time text
 * extraction alike. The module loads on first use (it is large; most sessions
 * never need it). Every document gets its own web worker, ended with the
 * document: a worker shared through GlobalWorkerOptions.workerPort is torn
 * down by one document's destroy() while another is still loading, which
 * happens as soon as two PDFs are opened at once (a run delegating two decks
 * concurrently, or the viewer open during a run). Browser only: Node uses
 * load-pdfjs-node.ts.
 */
type PdfJsBrowserModule = typeof import('pdfjs-dist');

const DESTROY_TIMEOUT_MS = 5000;

/** pdf.js's standard fonts, served by the app (copied from pdfjs-dist at build: scripts/copy-pdfjs-standard-fonts.mjs). */
const STANDARD_FONT_DATA_URL = '/pdfjs/standard_fonts/';

let loading: Promise<PdfJsBrowserModule> | undefined;

function loadModule(): Promise<PdfJsBrowserModule> {
  loading ??= import('pdfjs-dist');
  // A failed load (offline, blocked chunk) is retried on the next PDF rather than remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Fetches pdf.js ahead of the first PDF (when the page is idle); a failure is retried on use. */
export function prefetchPdfJs(): void {
  loadModule().catch(() => undefined);
}

/** new Worker(new URL(…, import.meta.url)) with a local entry file is the form Turbopack bundles (as for Monaco's workers). */
function startWorker(): Worker {
  return new Worker(new URL('./pdf-worker.ts', import.meta.url), { type: 'module', name: 'pdfjs' });
}

function openWithOwnWorker(pdfjs: PdfJsBrowserModule, parameters: PdfJsDocumentParameters): PdfJsLoadingTask {
  const port = startWorker();
  // pdf.js accepts a Worker as `port` at runtime; its type declaration says only null.
  const worker = new pdfjs.PDFWorker({ port: port as unknown as null });
  const task = pdfjs.getDocument({ ...parameters, worker, standardFontDataUrl: STANDARD_FONT_DATA_URL });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    worker.destroy();
    port.terminate();
  };
  // The worker was passed in, so pdf.js leaves it running on destroy(): end it here, after the
  // document. Never before: destroy() waits for the worker's answer, and a dead worker never answers.
  let destroying: Promise<void> | undefined;
  const destroyThenEnd = () => {
    // Bounded, so a crashed worker cannot keep a run waiting on clean-up.
    destroying ??= Promise.race([task.destroy(), new Promise<void>((resolve) => setTimeout(resolve, DESTROY_TIMEOUT_MS))]).finally(end);
    return destroying;
  };
  const promise = task.promise.then(
    (document): PdfJsDocument => ({
      numPages: document.numPages,
      // PdfJsPage is the structural slice we use; pdf.js's own render() types ask for its PageViewport class.
      getPage: (pageNumber) => document.getPage(pageNumber) as unknown as Promise<PdfJsPage>,
      destroy: destroyThenEnd,
    }),
    (error: unknown) => {
      // A document that failed to open is cleaned up at once, whether or not the caller destroys the task.
      void destroyThenEnd().catch(() => undefined);
      throw error;
    },
  );
  return { promise, destroy: destroyThenEnd };
}

/** pdf.js for the browser, as the structural PdfJsModule the lib/pdf readers take. */
export async function loadBrowserPdfJs(): Promise<PdfJsModule> {
  const pdfjs = await loadModule();
  return { getDocument: (parameters) => openWithOwnWorker(pdfjs, parameters) };
}

/** The runtime's PdfTextExtractor for the browser: pdf.js is loaded on the first PDF that needs text. */
export const browserPdfTextExtractor: PdfTextExtractor = async (bytes) => extractPdfText(await loadBrowserPdfJs(), bytes);
