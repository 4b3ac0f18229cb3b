'use client';

import { useEffect, useState } from 'react';
import type { PdfJsDocument, PdfJsViewport } from '@/lib/pdf/pdfjs-module';
import { openPdfForViewer } from '@/lib/state/workspace/pdf-view';
import { errorMessage } from '@/lib/state/ui/view-helpers';

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'ready'; document: PdfJsDocument; pageCount: number; firstPageSize: PdfJsViewport }
  | { status: 'failed'; message: string };

/** Keeps the PDF open for as long as the viewer shows it (see openPdfForViewer for the messages). */
export function usePdfDocument(path: string, bytes: Uint8Array): PdfDocumentState {
  // Kept with the bytes it describes, so new bytes under the same path (a re-upload) show "loading", never a closed document.
  const [opened, setOpened] = useState<{ bytes: Uint8Array; state: PdfDocumentState } | null>(null);

  useEffect(() => {
    let closed = false;
    const opening = openPdfForViewer(path, bytes);
    opening.opened.then(
      (pdf) => {
        if (!closed) setOpened({ bytes, state: { status: 'ready', ...pdf } });
      },
      (error: unknown) => {
        if (!closed) setOpened({ bytes, state: { status: 'failed', message: errorMessage(error) } });
      },
    );
    return () => {
      closed = true;
      opening.close();
    };
  }, [path, bytes]);

  return opened !== null && opened.bytes === bytes ? opened.state : { status: 'loading' };
}
