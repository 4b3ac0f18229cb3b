import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Test and bench support: real PDFs built with pdf-lib (a dev dependency), one
 * line of known text per page, so extraction results can be checked exactly.
 */
export async function makeTestPdf(pageTexts: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  // Fixed dates keep the bytes identical from run to run.
  const fixedDate = new Date('2026-01-01T00:00:00Z');
  document.setCreationDate(fixedDate);
  document.setModificationDate(fixedDate);
  for (const text of pageTexts) {
    const page = document.addPage([612, 792]);
    text.split('\n').forEach((line, index) => {
      page.drawText(line, { x: 50, y: 740 - index * 20, size: 14, font });
    });
  }
  return document.save();
}

/** "Page N of the sample" on each of `count` pages. */
export function samplePageTexts(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `Page ${index + 1} of the sample`);
}
