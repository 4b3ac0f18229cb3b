/**
 * How a model without native PDF input sees a PDF: its extracted text, page by page — "Extracted
 * text of input/deck.pdf (7 pages):" then "--- page N ---" before each page. One format for the
 * runtime's attachments and every test that predicts what a model is sent.
 */
export function formatExtractedPdfText(path: string, pages: readonly string[]): string {
  const header = `Extracted text of ${path} (${pages.length} page${pages.length === 1 ? '' : 's'}):`;
  const body = pages.map((page, index) => {
    const text = page.trim();
    return `--- page ${index + 1} ---\n${text === '' ? '(no extractable text on this page)' : text}`;
  });
  return [header, ...body].join('\n');
}
