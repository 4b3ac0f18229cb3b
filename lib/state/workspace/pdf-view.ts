import { loadBrowserPdfJs } from '@/lib/pdf/load-pdfjs-browser';
import { assertPdfBytes } from '@/lib/pdf/open-pdf-document';
import { describePdfJsError, PdfReadError } from '@/lib/pdf/pdf-read-error';
import type { PdfJsDocument, PdfJsViewport } from '@/lib/pdf/pdfjs-module';

export interface OpenedPdf {
  document: PdfJsDocument;
  pageCount: number;
  /** The first page sizes the placeholders of pages not rendered yet (decks are uniform). */
  firstPageSize: PdfJsViewport;
}

/** An open in progress, closable at any point: the viewer may go away before pdf.js answers. */
export interface PdfOpening {
  opened: Promise<OpenedPdf>;
  close(): void;
}

/**
 * Opens a PDF for the viewer. Empty and non-PDF bytes, and anything pdf.js
 * cannot open (or whose first page cannot be read), reject with
 * "<path> is not a readable PDF: <reason>", the message the runtime uses too.
 */
export function openPdfForViewer(path: string, bytes: Uint8Array): PdfOpening {
  let closed = false;
  let document: PdfJsDocument | undefined;
  let destroyTask: (() => Promise<void>) | undefined;
  const opened = (async () => {
    assertPdfBytes(bytes, path);
    const pdfjs = await loadBrowserPdfJs();
    if (closed) throw new PdfReadError(path, 'closed before it opened');
    // Document content is untrusted: never compile code from it.
    const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 });
    destroyTask = () => task.destroy();
    const loaded = await task.promise;
    document = loaded;
    const firstPage = await loaded.getPage(1);
    const firstPageSize = firstPage.getViewport({ scale: 1 });
    firstPage.cleanup();
    return { document: loaded, pageCount: loaded.numPages, firstPageSize };
  })().catch((error: unknown) => {
    throw error instanceof PdfReadError ? error : new PdfReadError(path, describePdfJsError(error));
  });
  return {
    opened,
    close() {
      closed = true;
      void (document?.destroy() ?? destroyTask?.())?.catch(() => undefined);
    },
  };
}
