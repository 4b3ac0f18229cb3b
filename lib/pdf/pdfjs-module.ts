/**
 * The slice of pdf.js that Workerbench uses, typed structurally so that both
 * builds fit: the browser's `pdfjs-dist/build/pdf.mjs` (with a worker) and
 * Node's `pdfjs-dist/legacy/build/pdf.mjs` (tests, benches). Callers pass the
 * module in; nothing here imports pdf.js, so no build is ever pulled into the
 * wrong environment.
 */
export interface PdfJsTextItem {
  str?: string;
  hasEOL?: boolean;
}

export interface PdfJsViewport {
  width: number;
  height: number;
}

export interface PdfJsRenderTask {
  promise: Promise<void>;
  cancel(): void;
}

export interface PdfJsPage {
  getTextContent(): Promise<{ items: readonly unknown[] }>;
  /** Used by the viewer only (browser build); text extraction never renders. */
  getViewport(parameters: { scale: number }): PdfJsViewport;
  render(parameters: { canvas: HTMLCanvasElement; viewport: PdfJsViewport }): PdfJsRenderTask;
  cleanup(): unknown;
}

export interface PdfJsDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfJsPage>;
  destroy(): Promise<void>;
}

export interface PdfJsDocumentParameters {
  data: Uint8Array;
  isEvalSupported: boolean;
  disableFontFace?: boolean;
  useSystemFonts?: boolean;
  verbosity?: number;
  stopAtErrors?: boolean;
}

export interface PdfJsLoadingTask {
  promise: Promise<PdfJsDocument>;
  destroy(): Promise<void>;
}

export interface PdfJsModule {
  getDocument(parameters: PdfJsDocumentParameters): PdfJsLoadingTask;
}
