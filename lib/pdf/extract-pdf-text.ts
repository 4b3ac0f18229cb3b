import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import { withPdfDocument } from './open-pdf-document';
import type { PdfJsModule, PdfJsTextItem } from './pdfjs-module';

/** Text of every page, in order; "" for a page without text (a scanned image). */
export async function extractPdfText(pdfjs: PdfJsModule, bytes: Uint8Array, path = 'the PDF'): Promise<{ pages: string[] }> {
  return withPdfDocument({
    pdfjs,
    bytes,
    path,
    read: async (document) => {
      const pages: string[] = [];
      for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        pages.push(joinTextItems(content.items));
        // Frees the page's parsed resources now; a 300-page deck should not hold them all.
        page.cleanup();
      }
      return { pages };
    },
  });
}

/** pdf.js gives runs of text; hasEOL marks line ends. Marked-content items have no `str`. */
function joinTextItems(items: readonly unknown[]): string {
  let text = '';
  for (const item of items as readonly PdfJsTextItem[]) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .trim();
}

/** The runtime's PdfTextExtractor service, bound to one pdf.js build. */
export function createPdfTextExtractor(pdfjs: PdfJsModule): PdfTextExtractor {
  return (bytes) => extractPdfText(pdfjs, bytes);
}
