import { describePdfJsError, PdfReadError } from './pdf-read-error';
import type { PdfJsDocument, PdfJsModule } from './pdfjs-module';

/** Files that do not start with "%PDF-" (within the first KB, as readers tolerate junk) are not PDFs. */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];
const HEADER_SEARCH_BYTES = 1024;

function hasPdfHeader(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.byteLength - PDF_HEADER.length, HEADER_SEARCH_BYTES);
  for (let start = 0; start <= limit; start += 1) {
    if (PDF_HEADER.every((byte, offset) => bytes[start + offset] === byte)) return true;
  }
  return false;
}

/** Refuses empty and non-PDF bytes before pdf.js sees them, with a PdfReadError naming the path. */
export function assertPdfBytes(bytes: Uint8Array, path: string): void {
  if (bytes.byteLength === 0) throw new PdfReadError(path, 'the file is empty (0 bytes)');
  if (!hasPdfHeader(bytes)) throw new PdfReadError(path, 'it does not start with a PDF header ("%PDF-")');
}
export interface WithPdfDocumentOptions<T> {
  pdfjs: PdfJsModule;
  bytes: Uint8Array;
  path: string;
  read: (document: PdfJsDocument) => Promise<T>;
}


/**
 * Opens a PDF with pdf.js and runs `read` on it, always destroying the document.
 * Refuses empty and non-PDF bytes up front with a PdfReadError naming the path.
 */
export async function withPdfDocument<T>({ pdfjs, bytes, path, read }: WithPdfDocumentOptions<T>): Promise<T> {
  assertPdfBytes(bytes, path);
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller's bytes must survive.
    data: bytes.slice(),
    // Never compile code from document content (fonts, functions): untrusted input.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let document: PdfJsDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw new PdfReadError(path, describePdfJsError(error));
  }
  try {
    return await read(document);
  } catch (error) {
    if (error instanceof PdfReadError) throw error;
    throw new PdfReadError(path, describePdfJsError(error));
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
