import { withPdfDocument } from './open-pdf-document';
import type { PdfJsModule } from './pdfjs-module';

export interface PdfInfo {
  pageCount: number;
}

/** Page count of a PDF, or a PdfReadError ("input/deck.pdf is not a readable PDF: …"). */
export async function readPdfInfo(pdfjs: PdfJsModule, bytes: Uint8Array, path: string): Promise<PdfInfo> {
  return withPdfDocument({ pdfjs, bytes, path, read: async (document) => ({ pageCount: document.numPages }) });
}
