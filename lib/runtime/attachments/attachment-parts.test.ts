import { beforeAll, describe, expect, it } from 'vitest';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { makeTestPdf } from '@/lib/pdf/testing/make-test-pdf';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { AttachmentError, type Attachment } from './attachment';
import { formatExtractedPdfText } from '@/lib/pdf/format-extracted-text';
import { buildAttachmentParts, resolvePdfInputMode } from './attachment-parts';
import type { PdfTextExtractor } from './pdf-text-extractor';

let extractPdfText: PdfTextExtractor;
let deck: Attachment;

const attachment = (path: string, mimeType: string, bytes: Uint8Array): Attachment => ({
  path,
  name: path.slice(path.lastIndexOf('/') + 1),
  mimeType,
  bytes,
  size: bytes.byteLength,
});

beforeAll(async () => {
  const pdfjs = await loadNodePdfJs();
  extractPdfText = createPdfTextExtractor(pdfjs);
  const pages = ['Acme Robotics', 'Problem: warehouses are slow', '', 'Market: 12 billion', 'Team', 'Traction', 'Ask: 2 million'];
  deck = attachment('input/deck.pdf', 'application/pdf', await makeTestPdf(pages));
});

describe('resolvePdfInputMode', () => {
  it("follows the worker's pdf_input, else the model's PDF support", () => {
    expect(resolvePdfInputMode('native', false)).toBe('native');
    expect(resolvePdfInputMode('text', true)).toBe('text');
    expect(resolvePdfInputMode('auto', true)).toBe('native');
    expect(resolvePdfInputMode(undefined, true)).toBe('native');
    expect(resolvePdfInputMode(undefined, false)).toBe('text');
  });
});

describe('buildAttachmentParts', () => {
  it('sends PDFs as base64 file parts to models with native PDF input', async () => {
    const [part] = await buildAttachmentParts([deck], { pdfInput: 'native', extractPdfText });
    expect(part).toEqual({
      type: 'file',
      data: Buffer.from(deck.bytes).toString('base64'),
      mediaType: 'application/pdf',
      filename: 'deck.pdf',
    });
  });

  it('sends the labelled extracted text with page markers otherwise', async () => {
    const [part] = await buildAttachmentParts([deck], { pdfInput: 'text', extractPdfText });
    expect(part?.type).toBe('text');
    const text = part?.type === 'text' ? part.text : '';
    expect(text.split('\n')).toEqual([
      'Extracted text of input/deck.pdf (7 pages):',
      '--- page 1 ---',
      'Acme Robotics',
      '--- page 2 ---',
      'Problem: warehouses are slow',
      '--- page 3 ---',
      '(no extractable text on this page)',
      '--- page 4 ---',
      'Market: 12 billion',
      '--- page 5 ---',
      'Team',
      '--- page 6 ---',
      'Traction',
      '--- page 7 ---',
      'Ask: 2 million',
    ]);
    // Extraction must not detach the attachment's buffer (pdf.js transfers what it is given).
    expect(deck.bytes.byteLength).toBe(deck.size);
  });

  it('sends text files as text parts, and images and other binaries as file parts', async () => {
    const parts = await buildAttachmentParts(
      [
        attachment('notes/brief.md', 'text/markdown', encodeUtf8('# Brief')),
        attachment('data/table.csv', 'text/csv', encodeUtf8('a,b\n1,2')),
        attachment('data/config.json', 'application/json', encodeUtf8('{"a":1}')),
        attachment('input/logo.png', 'image/png', new Uint8Array([137, 80, 78, 71])),
        attachment('input/fake.txt', 'text/plain', new Uint8Array([0xff, 0xfe, 0x00])),
      ],
      { pdfInput: 'text' },
    );
    expect(parts).toEqual([
      { type: 'text', text: 'Contents of notes/brief.md:\n# Brief' },
      { type: 'text', text: 'Contents of data/table.csv:\na,b\n1,2' },
      { type: 'text', text: 'Contents of data/config.json:\n{"a":1}' },
      { type: 'file', data: 'iVBORw==', mediaType: 'image/png', filename: 'logo.png' },
      // Not UTF-8 despite its name: sent as bytes rather than mangled text.
      { type: 'file', data: '//4A', mediaType: 'text/plain', filename: 'fake.txt' },
    ]);
  });

  it('reports a corrupted PDF clearly when text is needed', async () => {
    const broken = attachment('input/broken.pdf', 'application/pdf', deck.bytes.slice(0, 300));
    await expect(buildAttachmentParts([broken], { pdfInput: 'text', extractPdfText })).rejects.toThrow(
      /^input\/broken\.pdf is not a readable PDF: /,
    );
    await expect(buildAttachmentParts([broken], { pdfInput: 'text', extractPdfText })).rejects.toBeInstanceOf(AttachmentError);
  });

  it('refuses attachments that would not fit in one model request, before encoding them', async () => {
    const big = attachment('input/big.pdf', 'application/pdf', new Uint8Array(3000));
    const error = await buildAttachmentParts([big], { pdfInput: 'native', maxRequestBytes: 3999 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(AttachmentError);
    expect(error).toMatchObject({ code: 'too_large', path: 'input/big.pdf' });
    expect(error.message).toContain('exceeds the 3.9 KiB a model request may carry');
    expect(error.message).toContain('pdf_input: text');
    expect(await buildAttachmentParts([big], { pdfInput: 'native', maxRequestBytes: 4000 })).toHaveLength(1);
  });

  it('by default refuses a 48 MB PDF as a file part (base64 would exceed the proxy limit)', async () => {
    const huge = attachment('input/huge.pdf', 'application/pdf', new Uint8Array(48 * 1024 * 1024));
    await expect(buildAttachmentParts([huge], { pdfInput: 'native' })).rejects.toThrow('a model request may carry');
  });

  it('says so when no extractor is available', async () => {
    await expect(buildAttachmentParts([deck], { pdfInput: 'text' })).rejects.toThrow('no PDF text extractor');
  });
});

describe('formatExtractedPdfText', () => {
  it('uses the singular for one page', () => {
    expect(formatExtractedPdfText('a.pdf', ['Hi'])).toBe('Extracted text of a.pdf (1 page):\n--- page 1 ---\nHi');
  });
});
