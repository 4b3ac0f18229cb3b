/**
 * pdf.js for previews, loaded on first use with its worker bundled by
 * Turbopack (a relative `new Worker(new URL(...))`, as for Monaco).
 */
let loading: Promise<typeof import('pdfjs-dist')> | undefined;

export function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    if (pdfjs.GlobalWorkerOptions.workerPort === null) {
      pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('./workers/pdf-worker.ts', import.meta.url), { type: 'module', name: 'pdfjs' });
    }
    return pdfjs;
  });
  return loading;
}
