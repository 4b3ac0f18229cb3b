import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { formatExtractedPdfText } from '@/lib/pdf/format-extracted-text';

/**
 * Test and bench support (Node only): the shipped sample decks, their bytes,
 * and their text exactly as the runtime hands it to a model without native
 * PDF reading (pdf.js legacy build, page markers).
 */
export const SAMPLE_DECK_FILES = ['tidewater-robotics.pdf', 'lumen-ledger.pdf', 'orbit-snacks.pdf'] as const;
export const SAMPLE_DECK_FOLDER = path.join(process.cwd(), 'public/examples/pitch-deck/input');

export async function readSampleDeck(fileName: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path.join(SAMPLE_DECK_FOLDER, fileName)));
}

export async function sampleDeckText(fileName: string): Promise<string> {
  const extract = createPdfTextExtractor(await loadNodePdfJs());
  const { pages } = await extract(await readSampleDeck(fileName));
  return formatExtractedPdfText(`input/${fileName}`, pages);
}
