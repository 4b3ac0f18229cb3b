'use client';

import { useEffect, useState } from 'react';
import { loadBrowserPdfJs } from '@/lib/pdf/load-pdfjs-browser';
import { assertPdfBytes } from '@/lib/pdf/open-pdf-document';
import { describePdfJsError, PdfReadError } from '@/lib/pdf/pdf-read-error';
import type { PdfJsDocument, PdfJsViewport } from '@/lib/pdf/pdfjs-module';

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'ready'; document: PdfJsDocument; pageCount: number; firstPageSize: PdfJsViewport }
  | { status: 'failed'; message: string };

/**
 * Opens the PDF for as long as the viewer shows it. Empty and non-PDF bytes,
 * and anything pdf.js cannot open (or whose first page cannot be read), end in
 * "<path> is not a readable PDF: <reason>", the message the runtime uses too.
 */
export function usePdfDocument(path: string, bytes: Uint8Array): PdfDocumentState {
  // Kept with the bytes it describes, so new bytes under the same path (a re-upload) show "loading", never a closed document.
  const [opened, setOpened] = useState<{ bytes: Uint8Array; state: PdfDocumentState } | null>(null);

  useEffect(() => {
    let closed = false;
    let document: PdfJsDocument | undefined;
    let destroyTask: (() => Promise<void>) | undefined;
    (async () => {
      assertPdfBytes(bytes, path);
      const pdfjs = await loadBrowserPdfJs();
      if (closed) return;
      // Document content is untrusted: never compile code from it.
      const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 });
      destroyTask = () => task.destroy();
      const loaded = await task.promise;
      document = loaded;
      // The first page sizes the placeholders of pages not rendered yet (decks are uniform).
      const firstPage = await loaded.getPage(1);
      const firstPageSize = firstPage.getViewport({ scale: 1 });
      firstPage.cleanup();
      if (!closed) setOpened({ bytes, state: { status: 'ready', document: loaded, pageCount: loaded.numPages, firstPageSize } });
    })().catch((error: unknown) => {
      if (closed) return;
      const readError = error instanceof PdfReadError ? error : new PdfReadError(path, describePdfJsError(error));
      setOpened({ bytes, state: { status: 'failed', message: readError.message } });
    });
    return () => {
      closed = true;
      void (document?.destroy() ?? destroyTask?.())?.catch(() => undefined);
    };
  }, [path, bytes]);

  return opened !== null && opened.bytes === bytes ? opened.state : { status: 'loading' };
}
