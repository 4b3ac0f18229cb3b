import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from './extract-pdf-text';
import { makeTestPdf, samplePageTexts } from '@/lib/pdf/testing/make-test-pdf';
import { readPdfInfo } from './pdf-info';
import { PdfReadError } from './pdf-read-error';
import { loadNodePdfJs } from './load-pdfjs-node';
import type { PdfJsModule } from './pdfjs-module';

// Node loads the legacy build; the browser passes pdfjs-dist/build/pdf.mjs (load-pdfjs-browser.ts).
let pdfjs: PdfJsModule;
beforeAll(async () => {
  pdfjs = await loadNodePdfJs();
});

describe('extractPdfText', () => {
  it('returns the text of every page in order, lines kept', async () => {
    const bytes = await makeTestPdf(['Title line\nSecond line', 'Page two']);
    expect(await extractPdfText(pdfjs, bytes, 'input/deck.pdf')).toEqual({ pages: ['Title line\nSecond line', 'Page two'] });
  });

  it('handles a 30-page document', async () => {
    const { pages } = await extractPdfText(pdfjs, await makeTestPdf(samplePageTexts(30)));
    expect(pages).toHaveLength(30);
    expect(pages[29]).toBe('Page 30 of the sample');
  });

  it('leaves the caller\'s bytes intact', async () => {
    const bytes = await makeTestPdf(['x']);
    const copy = bytes.slice();
    await extractPdfText(pdfjs, bytes);
    expect(bytes).toEqual(copy);
  });
});

describe('readPdfInfo', () => {
  it('counts pages', async () => {
    expect(await readPdfInfo(pdfjs, await makeTestPdf(samplePageTexts(7)), 'input/deck.pdf')).toEqual({ pageCount: 7 });
  });

  it('refuses a 0-byte PDF as empty', async () => {
    await expect(readPdfInfo(pdfjs, new Uint8Array(0), 'input/deck.pdf')).rejects.toThrow(
      'input/deck.pdf is not a readable PDF: the file is empty (0 bytes)',
    );
  });

  it('refuses bytes that are not a PDF at all', async () => {
    const error = await readPdfInfo(pdfjs, new TextEncoder().encode('hello, I am text'), 'input/deck.pdf').catch((caught) => caught);
    expect(error).toBeInstanceOf(PdfReadError);
    expect(error.message).toBe('input/deck.pdf is not a readable PDF: it does not start with a PDF header ("%PDF-")');
  });

  it('refuses a truncated (corrupted) PDF with pdf.js\'s reason', async () => {
    const bytes = (await makeTestPdf(samplePageTexts(3))).slice(0, 250);
    const error = await readPdfInfo(pdfjs, bytes, 'input/deck.pdf').catch((caught) => caught);
    expect(error).toBeInstanceOf(PdfReadError);
    expect(error.message).toMatch(/^input\/deck\.pdf is not a readable PDF: \S/);
    expect(error.path).toBe('input/deck.pdf');
  });
});
