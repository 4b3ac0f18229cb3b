/**
 * Attachments: how long a 25 MB PDF takes from the VFS to a model file part
 * (stat, policy, read, base64) on the in-memory and the lightning-fs
 * (fake-indexeddb) filesystems, and how long pdf.js takes to extract the text
 * of a 30-page PDF for models without native PDF input. Numbers only.
 */
import 'fake-indexeddb/auto';
import { PDFDocument } from 'pdf-lib';
import { buildAttachmentParts } from '@/lib/runtime/attachments/attachment-parts';
import { prepareAttachments } from '@/lib/runtime/attachments/prepare-attachments';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { makeTestPdf, samplePageTexts } from '@/lib/pdf/testing/make-test-pdf';
import type { FileSystem } from '@/lib/vfs/file-system';
import { LightningFileSystem } from '@/lib/vfs/lightning-file-system';
import { formatBytes } from '@/lib/text/format-bytes';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';

const RUNS = 9;
const PDF_BYTES = 25 * 1024 * 1024;

const worker: WorkerDefinition = {
  name: 'pitch_evaluator',
  path: 'pitch_evaluator.worker',
  instructions: '',
  attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], max_total_bytes: 50 * 1024 * 1024 },
};

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeMedian(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await run(); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** A real, valid PDF of about `size` bytes: one page plus an embedded incompressible file. */
async function makeLargePdf(size: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]).drawText('Large deck', { x: 50, y: 740, size: 14 });
  const payload = new Uint8Array(size - 4096);
  // Pseudo-random so that no compression shrinks it.
  let state = 0x12345678;
  for (let index = 0; index < payload.length; index += 1) {
    state = (state * 1664525 + 1013904223) >>> 0;
    payload[index] = state >>> 24;
  }
  await document.attach(payload, 'appendix.bin', { mimeType: 'application/octet-stream' });
  return document.save();
}

async function benchFileSystem(label: string, fileSystem: FileSystem, pdf: Uint8Array): Promise<void> {
  const sandbox = createProjectSandbox(fileSystem, '/projects/bench');
  await sandbox.writeFile('input/deck.pdf', pdf);
  const read = await timeMedian(() => prepareAttachments(worker, ['input/deck.pdf'], sandbox));
  const total = await timeMedian(async () => {
    const attachments = await prepareAttachments(worker, ['input/deck.pdf'], sandbox);
    return buildAttachmentParts(attachments, { pdfInput: 'native' });
  });
  console.log(`${label.padEnd(32)} read ${read.toFixed(1).padStart(7)} ms   read + file part (base64) ${total.toFixed(1).padStart(7)} ms`);
}

async function main(): Promise<void> {
  // Also gives lightning-fs the navigator it expects in Node.
  const pdfjs = await loadNodePdfJs();

  const largePdf = await makeLargePdf(PDF_BYTES);
  console.log(`25 MB PDF (${formatBytes(largePdf.byteLength)}), median of ${RUNS} runs`);
  await benchFileSystem('MemoryFileSystem', new MemoryFileSystem(), largePdf);
  const lightning = new LightningFileSystem({ databaseName: `bench-${Date.now()}` });
  await benchFileSystem('LightningFileSystem (fake-idb)', lightning, largePdf);
  await lightning.close();

  const thirtyPages = await makeTestPdf(samplePageTexts(30).map((text) => `${text}\n${'Lorem ipsum dolor sit amet. '.repeat(3)}`));
  const extract = createPdfTextExtractor(pdfjs);
  const extraction = await timeMedian(() => extract(thirtyPages));
  const asText = await timeMedian(() =>
    buildAttachmentParts(
      [{ path: 'input/deck.pdf', name: 'deck.pdf', mimeType: 'application/pdf', bytes: thirtyPages, size: thirtyPages.byteLength }],
      { pdfInput: 'text', extractPdfText: extract },
    ),
  );
  console.log(`\n30-page PDF (${formatBytes(thirtyPages.byteLength)}), median of ${RUNS} runs`);
  console.log(`pdf.js text extraction       ${extraction.toFixed(1).padStart(7)} ms`);
  console.log(`extracted-text part          ${asText.toFixed(1).padStart(7)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
