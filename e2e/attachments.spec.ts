import { readEachRow, runDocument, selectRow, textOf } from './helpers/run-document';
import type { Locator, Page } from '@playwright/test';
import { makePdf } from './helpers/make-pdf';
import { formatBytes } from '@/lib/text/format-bytes';
import { createFile, expect, newProject, replaceEditorText, test, treeItem } from './helpers/workbench-test';

/**
 * Attachments and typed worker I/O, as a person uses them: PDFs uploaded and
 * read in the viewer (all pages, page count, size, keyboard scrolling, a clear
 * error for a file that is not a readable PDF), then handed by an orchestrator
 * to a reader worker whose attachment policy takes one PDF, with the demo
 * model (which gets PDFs as extracted text). Fails on any console error or
 * page error (the fixture in helpers/workbench-test).
 */

const ORCHESTRATOR = `---
name: orchestrator
description: Hands PDFs to the reader.
toolsets: { filesystem: {}, workers: { allowed_workers: [reader] } }
---
Delegate reading to reader.
`;

const READER = `---
name: reader
description: Reads one PDF and says what it holds.
attachment_policy: { max_attachments: 1, allowed_suffixes: [.pdf] }
---
Read the attached PDF.
`;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const pdf = (name: string, buffer: Buffer): Upload => ({ name, mimeType: 'application/pdf', buffer });

/** A file that starts like a PDF but holds no readable document: what a broken download looks like. */
const CORRUPTED_PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\nthis is not the rest of a PDF\n');



async function upload(page: Page, files: Upload[]): Promise<void> {
  await page.getByTestId('upload-input').setInputFiles(files);
  for (const file of files) await expect(treeItem(page, file.name)).toBeVisible();
}

/** The orchestrator and the reader, written in the editor, with the orchestrator chosen to run. */
async function writeWorkers(page: Page): Promise<void> {
  await createFile(page, 'orchestrator.worker');
  await replaceEditorText(page, ORCHESTRATOR);
  await createFile(page, 'reader.worker');
  await replaceEditorText(page, READER);
  await expect(page.getByTestId('worker-select')).toContainText('orchestrator');
  await expect(page.getByTestId('worker-select')).toContainText('reader');
}

/** Runs a worker with the demo model, waits for the run to finish, and gives its document (the tab it opened). */
async function run(page: Page, worker: string, input: string): Promise<Locator> {
  await page.getByTestId('worker-select').selectOption(worker);
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await page.getByTestId('run-input').fill(input);
  const before = await page.getByTestId('run-entry').count();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(before + 1);
  const latest = page.getByTestId('run-entry').first();
  await expect(latest).toHaveAttribute('data-status', /completed|failed/, { timeout: 30_000 });
  const document = runDocument(page);
  await expect(document).toHaveAttribute('data-run-id', (await latest.getAttribute('data-run-id'))!);
  return document;
}

/** What each reader call's detail says: its attachments and what the model wrote. */
function readerDetails(page: Page, runEntry: Locator) {
  return readEachRow(page, readerCalls(runEntry), async (detail) => ({ attachments: await textOf(detail, 'call-attachments'), text: await textOf(detail, 'call-text') }));
}

/** The error of each reader tool call, from its detail. */
function readerToolErrors(page: Page, runEntry: Locator) {
  return readEachRow(page, readerToolCalls(runEntry), (detail) => textOf(detail, 'tool-error'));
}

function readerCalls(runEntry: Locator): Locator {
  return runEntry.locator('[data-testid="call-node"][data-worker="reader"]');
}

function readerToolCalls(runEntry: Locator): Locator {
  return runEntry.locator('[data-testid="tool-call"][data-tool="reader"]');
}

test('the PDF viewer shows every page, the page count and the size, renders lazily and scrolls by keyboard', async ({ page }) => {
  await newProject(page, 'viewer');
  const deck = await makePdf('Long deck', 30);
  await upload(page, [pdf('long.pdf', deck)]);
  await treeItem(page, 'long.pdf').click();

  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('pdf-info')).toHaveText(`PDF, 30 pages, ${formatBytes(deck.byteLength)}`);
  const pages = viewer.getByTestId('pdf-page');
  await expect(pages).toHaveCount(30);
  await expect(pages.first()).toHaveAttribute('data-rendered', 'true');
  await expect.poll(() => pages.first().getByTestId('pdf-canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);
  // Only pages near the viewport are drawn: the last one waits until it is scrolled to.
  await expect(pages.last()).toHaveAttribute('data-rendered', 'false');
  await expect(pages.last().getByTestId('pdf-canvas')).toHaveJSProperty('width', 0);
  await expect(page.getByTestId('pdf-current-page')).toHaveText('Page 1 of 30');

  // Keyboard: the page column takes focus and scrolls with PageDown and End.
  const scrollArea = viewer.getByTestId('pdf-pages');
  await scrollArea.focus();
  await expect(scrollArea).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect.poll(() => scrollArea.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect(pages.last()).toHaveAttribute('data-rendered', 'true');
  await expect(page.getByTestId('pdf-current-page')).toHaveText('Page 30 of 30');
  // …and the first page gave its canvas back once far away.
  await expect(pages.first()).toHaveAttribute('data-rendered', 'false');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('pdf-current-page')).toHaveText('Page 1 of 30');
  await expect(pages.first()).toHaveAttribute('data-rendered', 'true');

  // An upper-case suffix is a PDF all the same.
  const upper = await makePdf('Upper deck', 2);
  await upload(page, [pdf('UPPER.PDF', upper)]);
  await treeItem(page, 'UPPER.PDF').click();
  await expect(page.getByTestId('pdf-info')).toHaveText(`PDF, 2 pages, ${formatBytes(upper.byteLength)}`);
  await expect(viewer.getByTestId('pdf-page')).toHaveCount(2);
});

test('an empty and a corrupted PDF show why they cannot be read, and can still be downloaded', async ({ page }) => {
  await newProject(page, 'bad-pdfs');
  await upload(page, [pdf('empty.pdf', Buffer.alloc(0)), pdf('broken.pdf', CORRUPTED_PDF)]);

  await treeItem(page, 'empty.pdf').click();
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('pdf-error')).toContainText('empty.pdf is not a readable PDF: the file is empty (0 bytes)');
  await expect(page.getByTestId('pdf-info')).toHaveText('PDF, 0 B');
  await expect(viewer.getByTestId('pdf-page')).toHaveCount(0);

  await treeItem(page, 'broken.pdf').click();
  await expect(page.getByTestId('pdf-error')).toContainText(/broken\.pdf is not a readable PDF: \S/);
  await expect(page.getByTestId('pdf-info')).toHaveText(`PDF, ${formatBytes(CORRUPTED_PDF.byteLength)}`);
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('broken.pdf');
});

test('the orchestrator hands each PDF to the reader: each reader shows its attachment and size, and read its text', async ({ page }) => {
  await newProject(page, 'delegation');
  const alpha = await makePdf('Alpha Orchards deck', 2);
  const beta = await makePdf('Beta Freight deck', 1);
  await upload(page, [pdf('alpha.pdf', alpha), pdf('beta.pdf', beta)]);
  await treeItem(page, 'alpha.pdf').click();
  await expect(page.getByTestId('pdf-info')).toHaveText(`PDF, 2 pages, ${formatBytes(alpha.byteLength)}`);
  await expect(page.getByTestId('pdf-page')).toHaveCount(2);
  await writeWorkers(page);

  // The run form lists the project's files, with sizes, as attachments to pick.
  const picker = page.getByTestId('attachment-picker');
  await expect(picker.getByRole('listitem').filter({ hasText: 'alpha.pdf' })).toContainText(formatBytes(alpha.byteLength));
  await expect(picker.getByRole('listitem').filter({ hasText: 'beta.pdf' })).toContainText(formatBytes(beta.byteLength));

  const runEntry = await run(page, 'orchestrator', 'Delegate each PDF to reader: alpha.pdf and beta.pdf');
  await expect(runEntry).toHaveAttribute('data-status', 'completed');
  await expect(readerToolCalls(runEntry)).toHaveCount(2);
  await expect(readerToolCalls(runEntry).and(page.locator('[data-status="done"]'))).toHaveCount(2);
  const readers = readerCalls(runEntry);
  await expect(readers).toHaveCount(2);
  await expect(readers.and(page.locator('[data-depth="1"]'))).toHaveCount(2);
  const details = await readerDetails(page, runEntry);

  const alphaReader = details.filter((detail) => detail.attachments.includes('alpha.pdf'));
  expect(alphaReader).toHaveLength(1);
  expect(alphaReader[0]!.attachments).toBe(`Attachments: alpha.pdf (${formatBytes(alpha.byteLength)})`);
  // The demo reader quotes the beginning of what it was given: the PDF's extracted text.
  expect(alphaReader[0]!.text).toContain('Extracted text of alpha.pdf (2 pages)');
  expect(alphaReader[0]!.text).toContain('Alpha Orchards deck, page 1');

  const betaReader = details.filter((detail) => detail.attachments.includes('beta.pdf'));
  expect(betaReader).toHaveLength(1);
  expect(betaReader[0]!.attachments).toBe(`Attachments: beta.pdf (${formatBytes(beta.byteLength)})`);
  expect(betaReader[0]!.text).toContain('Beta Freight deck, page 1');
  expect(betaReader[0]!.text).not.toContain('Alpha Orchards');

  await selectRow(page, runEntry.locator('[data-testid="call-node"][data-depth="0"]'));
  await expect(runEntry.getByTestId('run-output')).toContainText('I delegated to 2 worker calls');
});

test('the reader\'s policy and unreadable PDFs end as tool errors that say why; an upper-case .PDF is accepted', async ({ page }) => {
  await newProject(page, 'refusals');
  await upload(page, [
    pdf('alpha.pdf', await makePdf('Alpha Orchards deck', 1)),
    pdf('beta.pdf', await makePdf('Beta Freight deck', 1)),
    pdf('empty.pdf', Buffer.alloc(0)),
    pdf('broken.pdf', CORRUPTED_PDF),
    pdf('UPPER.PDF', await makePdf('Upper Case deck', 1)),
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes.\n') },
  ]);
  await writeWorkers(page);

  // A .txt: the suffix rule, named.
  let runEntry = await run(page, 'orchestrator', 'Delegate to reader: notes.txt');
  await expect(readerToolCalls(runEntry)).toHaveAttribute('data-status', 'error');
  await expect(runEntry.getByTestId('run-output')).toContainText('reader failed');
  expect(await readerToolErrors(page, runEntry)).toEqual([expect.stringContaining('Worker "reader" does not accept "notes.txt": only .pdf files are allowed (allowed_suffixes)')]);

  // Two PDFs in one call: refused by the attachment policy (max_attachments: 1), before the reader runs.
  runEntry = await run(page, 'orchestrator', 'Delegate to reader: alpha.pdf and beta.pdf');
  await expect(readerToolCalls(runEntry)).toHaveAttribute('data-status', 'error');
  expect(await readerToolErrors(page, runEntry)).toEqual([
    expect.stringContaining('Worker "reader" accepts at most 1 attachment (max_attachments), but 2 were passed; "beta.pdf" is one too many.'),
  ]);
  await expect(readerCalls(runEntry)).toHaveCount(0);

  // An empty and a corrupted PDF pass the policy but cannot be read: each call says so.
  runEntry = await run(page, 'orchestrator', 'Delegate each file to reader: empty.pdf and broken.pdf');
  await expect(runEntry).toHaveAttribute('data-status', 'completed');
  await expect(readerToolCalls(runEntry)).toHaveCount(2);
  const errors = await readerToolErrors(page, runEntry);
  expect(errors.filter((text) => text.includes('Cannot attach "empty.pdf": the file is empty (0 bytes).'))).toHaveLength(1);
  expect(errors.filter((text) => /broken\.pdf is not a readable PDF: \S/.test(text))).toHaveLength(1);

  // .PDF in capitals meets `allowed_suffixes: [.pdf]`, and its text reaches the reader.
  runEntry = await run(page, 'orchestrator', 'Delegate to reader: UPPER.PDF');
  await expect(readerToolCalls(runEntry)).toHaveAttribute('data-status', 'done');
  const [reader] = await readerDetails(page, runEntry);
  expect(reader!.attachments).toContain('UPPER.PDF');
  expect(reader!.text).toContain('Upper Case deck, page 1');

  // The same policy holds for the reader run as the entry worker, with files from the attachment picker.
  await page.getByTestId('worker-select').selectOption('reader');
  await page.getByTestId('attachment-picker').getByLabel('notes.txt').check();
  runEntry = await run(page, 'reader', 'Read this.');
  await expect(runEntry).toHaveAttribute('data-status', 'failed');
  await expect(runEntry.getByTestId('run-error')).toContainText('Worker "reader" does not accept "notes.txt": only .pdf files are allowed (allowed_suffixes)');
});

