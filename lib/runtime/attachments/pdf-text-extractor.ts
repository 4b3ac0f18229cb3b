/**
 * Platform service: PDF text extraction. The runtime never imports pdf.js; the
 * app (browser build) or Node (legacy build) passes an implementation in,
 * e.g. createPdfTextExtractor from lib/pdf/extract-pdf-text.ts.
 */
export type PdfTextExtractor = (bytes: Uint8Array) => Promise<{ pages: string[] }>;
