import type { PdfJsModule } from './pdfjs-module';

/**
 * Loads pdf.js's legacy build for Node (tests, benches, scripts). pdf.js
 * assigns `globalThis.navigator` when it has no `language`; Node 20 has no
 * navigator and the test setup defines a read-only stub, so give it a
 * writable one with a language first.
 */
export async function loadNodePdfJs(): Promise<PdfJsModule> {
  const current = (globalThis as { navigator?: { language?: string } }).navigator;
  if (current?.language === undefined) {
    Object.defineProperty(globalThis, 'navigator', {
      value: { userAgent: 'node', platform: '', ...current, language: 'en-US' },
      configurable: true,
      writable: true,
    });
  }
  return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJsModule;
}
