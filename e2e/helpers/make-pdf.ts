import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A small valid PDF with real text, so pdf.js has something to render. */
export async function makePdf(title: string, pages = 2): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = document.addPage([612, 792]);
    page.drawText(`${title}, page ${index}`, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await document.save());
}
