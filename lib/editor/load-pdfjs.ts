import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js for previews, loaded on first use. Each opened document gets its own
 * worker (bundled by Turbopack from a relative `new Worker(new URL(...))`, as
 * for Monaco): a shared port would be torn down by the first `destroy()` and
 * break the next preview.
 */
let loading: Promise<typeof import('pdfjs-dist')> | undefined;

function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  loading ??= import('pdfjs-dist');
  return loading;
}


export interface PdfHandle {
  promise: Promise<PDFDocumentProxy>;
  /** Stops loading or closes the document and ends its worker. Safe to call more than once. */
  dispose: () => void;
}

export function openPdf(bytes: Uint8Array): PdfHandle {
  let disposed = false;
  let cleanup: (() => void) | undefined;
  const promise = loadPdfjs().then((pdfjs) => {
    if (disposed) throw new Error('The preview was closed.');
    const port = new Worker(new URL('./workers/pdf-worker.ts', import.meta.url), { type: 'module', name: 'pdfjs' });
    // pdf.js accepts a Worker as `port` at runtime; its type declaration says only null.
    const worker = new pdfjs.PDFWorker({ port: port as unknown as null });
    // pdf.js takes ownership of the buffer it is given; callers keep their own copy.
    const task = pdfjs.getDocument({ data: bytes.slice(), worker, isEvalSupported: false });
    cleanup = () => {
      void task
        .destroy()
        .catch(() => undefined)
        .finally(() => {
          worker.destroy();
          port.terminate();
        });
    };
    return task.promise;
  });
  return {
    promise,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      cleanup?.();
    },
  };
}
