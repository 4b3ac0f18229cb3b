import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import type { Browser, BrowserContext, Download, Page } from '@playwright/test';
import { EXAMPLE_DECK_FILE_NAMES } from '@/lib/project/example-decks';
import { encodeShareFragment } from '@/lib/share/share-link';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { makePdf } from './helpers/make-pdf';
import { chooseMenuItem, editorText, expect, openWorkbench, test, treeItem } from './helpers/workbench-test';

// Sharing as people do it: press Share, send the link, open it in another browser, import.
// Every "other browser" is a fresh context (empty IndexedDB), watched for errors and script dialogs like the main page.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const HOSTILE = '<img src=x onerror=alert(document.domain)>';

interface Watched {
  page: Page;
  problems: string[];
}

/** A page whose console errors, page errors and JavaScript dialogs (alert from injected markup) are recorded. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, problems };
}

async function freshBrowser(browser: Browser): Promise<{ context: BrowserContext } & Watched> {
  const context = await browser.newContext();
  return { context, ...(await watchedPage(context)) };
}

async function projectNames(page: Page): Promise<string[]> {
  return page.getByTestId('project-select').locator('option').allTextContents();
}

/** Presses Share and returns the link shown in the dialog (and checks it is the one on the clipboard). */
async function shareLink(page: Page): Promise<string> {
  await page.getByTestId('share-button').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-copy-status')).toHaveText('Link copied to the clipboard.');
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#wb1=\d+\./);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return link;
}

/** Selects a file in the tree and downloads it with the tree's Download button. */
async function downloadedText(page: Page, name: string): Promise<string> {
  await treeItem(page, name).click();
  const [download] = await Promise.all([page.waitForEvent('download'), chooseMenuItem(page, 'More file actions', 'Download')]);
  return readFile(await download.path()).then((bytes) => bytes.toString('utf8'));
}

async function openedLink(browser: Browser, link: string): Promise<{ context: BrowserContext } & Watched> {
  const fresh = await freshBrowser(browser);
  await fresh.page.goto(link);
  await expect(fresh.page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(fresh.page.getByTestId('import-dialog')).toBeVisible();
  return fresh;
}

test('a shared link imports the same project in another browser, and broken links change nothing', async ({ page, browser }) => {
  await openWorkbench(page);
  const mainWorker = await downloadedText(page, 'main.worker');
  const manifest = await downloadedText(page, 'project.json');

  const link = await shareLink(page);
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-files-item')).toHaveText(['deck_evaluator.tests.yaml', 'deck_evaluator.worker', 'input/README.md', 'main.worker', 'project.json', 'rubric.md']);
  await expect(dialog.getByTestId('share-link-size')).toContainText(`${new Intl.NumberFormat('en-US').format(link.length - new URL(link).origin.length - 1)} characters`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  // Another browser: the preview names the project and its files, Import creates a new project.
  const other = await openedLink(browser, link);
  const preview = other.page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-shared-name')).toHaveText('pitch-deck-example');
  // The other browser already has its own example project, so the import gets a free name.
  await expect(preview.getByTestId('import-target-name')).toHaveText('pitch-deck-example-2');
  await expect(preview.getByTestId('import-notice').filter({ hasText: 'already exists' })).toBeVisible();
  // The example pre-approves its report writes: the importer is told before running anything.
  await expect(preview.getByTestId('import-notice').filter({ hasText: 'pre_approved' })).toContainText('"main.worker": write_file');
  await expect(preview.getByTestId('import-files-item')).toHaveCount(6);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(other.page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2');
  expect(await projectNames(other.page)).toEqual(['pitch-deck-example', 'pitch-deck-example-2']);
  expect(new URL(other.page.url()).hash).toBe('');
  await expect(other.page.getByTestId('notice')).toContainText('Imported the project as "pitch-deck-example-2"');

  await other.page.getByTestId('notice').getByRole('button', { name: 'Dismiss message' }).click();
  for (const name of ['main.worker', 'project.json', 'rubric.md', 'input']) await expect(treeItem(other.page, name)).toBeVisible();
  await treeItem(other.page, 'main.worker').click();
  await expect(other.page.getByTestId('editor-tab')).toHaveText('main.worker');
  // The editor shows the imported worker; the downloads below compare every byte.
  await expect.poll(() => editorText(other.page)).toContain('name: main');
  expect(await downloadedText(other.page, 'main.worker')).toBe(mainWorker);
  expect(await downloadedText(other.page, 'project.json')).toBe(manifest);

  // A damaged link pasted into the address bar of the open tab: a clear message, nothing changes.
  const body = link.slice(link.indexOf('.', link.indexOf('#')) + 1);
  const middle = Math.floor(body.length / 2);
  const flipped = [...body.slice(middle, middle + 8)].map((character) => (character === 'A' ? 'B' : 'A')).join('');
  const corrupted = link.slice(0, link.length - body.length) + body.slice(0, middle) + flipped + body.slice(middle + 8);
  expect(corrupted).not.toBe(link);
  await other.page.goto(corrupted);
  const refusal = other.page.getByTestId('import-dialog');
  await expect(refusal.getByTestId('import-error')).toContainText('damaged');
  await expect(refusal.getByTestId('import-error')).toContainText('your projects were not changed');
  await refusal.getByRole('button', { name: 'Close' }).click();
  await expect(refusal).toBeHidden();
  expect(new URL(other.page.url()).hash).toBe('');
  expect(await projectNames(other.page)).toEqual(['pitch-deck-example', 'pitch-deck-example-2']);

  // A link cut off in transit, opened in a new tab of the same browser.
  const truncatedTab = await watchedPage(other.context);
  await truncatedTab.page.goto(link.slice(0, link.length - 40));
  await expect(truncatedTab.page.getByTestId('import-error')).toContainText('incomplete');
  await truncatedTab.page.getByRole('button', { name: 'Close' }).click();
  expect(await projectNames(truncatedTab.page)).toEqual(['pitch-deck-example', 'pitch-deck-example-2']);
  await truncatedTab.page.getByTestId('project-select').selectOption('pitch-deck-example-2');
  expect(await downloadedText(truncatedTab.page, 'main.worker')).toBe(mainWorker);

  // Cancel on a good link leaves everything as it was and clears the address bar.
  await truncatedTab.page.goto(link);
  await truncatedTab.page.getByTestId('import-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(truncatedTab.page.getByTestId('import-dialog')).toBeHidden();
  expect(new URL(truncatedTab.page.url()).hash).toBe('');
  expect(await projectNames(truncatedTab.page)).toEqual(['pitch-deck-example', 'pitch-deck-example-2']);

  expect(other.problems).toEqual([]);
  expect(truncatedTab.problems).toEqual([]);
  await other.context.close();
});

test('binary files join the link only when ticked, and a zip export imports back as a new project', async ({ page }) => {
  await openWorkbench(page);
  await treeItem(page, 'input').click();
  await page.getByTestId('upload-input').setInputFiles({ name: 'deck.pdf', mimeType: 'application/pdf', buffer: await makePdf('Deck') });
  await expect(treeItem(page, 'deck.pdf')).toBeVisible();
  const mainWorker = await downloadedText(page, 'main.worker');

  await shareLink(page);
  const dialog = page.getByTestId('share-dialog');
  // The example ships its sample decks in input/: binary too, so left out with the upload.
  const binaries = ['input/deck.pdf', ...EXAMPLE_DECK_FILE_NAMES.map((name) => `input/${name}`)].sort();
  await expect(dialog.getByTestId('share-excluded-files-item')).toHaveText(binaries);
  await expect(dialog.getByTestId('share-files-item')).not.toContainText(['input/deck.pdf']);
  const withoutPdf = await dialog.getByTestId('share-link').inputValue();
  await dialog.getByTestId('share-include-binary').check();
  await expect(dialog.getByTestId('share-files-item')).toContainText(['input/deck.pdf']);
  await expect(dialog.getByTestId('share-excluded-files')).toHaveCount(0);
  await expect(dialog.getByTestId('share-copy-status')).toHaveText('Link copied to the clipboard.');
  const withPdf = await dialog.getByTestId('share-link').inputValue();
  expect(withPdf.length).toBeGreaterThan(withoutPdf.length);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(withPdf);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Export: a real download of the project as a .zip.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    chooseMenuItem(page, 'Project actions', 'Export project as .zip'),
  ]);
  expect(download.suggestedFilename()).toBe('pitch-deck-example.zip');
  const zipPath = await savedPath(download);

  // Import it back through the file chooser, as a person would.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    chooseMenuItem(page, 'Project actions', 'Import project from .zip'),
  ]);
  await chooser.setFiles(zipPath);
  const preview = page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-target-name')).toHaveText('pitch-deck-example-2');
  await expect(preview.getByTestId('import-files-item')).toHaveCount(7 + EXAMPLE_DECK_FILE_NAMES.length);
  await expect(preview.locator('[data-path="input/deck.pdf"]')).toContainText('binary');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2');
  await treeItem(page, 'input').click();
  await expect(treeItem(page, 'deck.pdf')).toBeVisible();
  expect(await downloadedText(page, 'main.worker')).toBe(mainWorker);

  // A hostile zip ("../" entries) is refused with a message; the projects stay as they were.
  await page.getByTestId('zip-import-input').setInputFiles({
    name: 'escape.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ '../outside.worker': encodeUtf8('---\nname: outside\n---\n'), 'main.worker': encodeUtf8('x') })),
  });
  await expect(page.getByTestId('import-error')).toContainText('..');
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
  expect(await projectNames(page)).toEqual(['pitch-deck-example', 'pitch-deck-example-2']);
});

test('a link over the length limit is not handed out: the dialog says so and offers the zip', async ({ page }) => {
  await openWorkbench(page);
  // Random bytes do not compress: with them the link is far over the limit.
  await page.getByTestId('upload-input').setInputFiles({ name: 'noise.bin', mimeType: 'application/octet-stream', buffer: randomBytes(40_000) });
  await expect(treeItem(page, 'noise.bin')).toBeVisible();
  const shortLink = await shareLink(page);
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-over-limit')).toHaveCount(0);

  await dialog.getByTestId('share-include-binary').check();
  await expect(dialog.getByTestId('share-over-limit')).toContainText('over the 32,000-character limit');
  await expect(dialog.getByTestId('share-link')).toHaveCount(0);
  // The clipboard still holds the last link that fits, not the oversized one.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('share-download-zip').click()]);
  expect(download.suggestedFilename()).toBe('pitch-deck-example.zip');
  expect((await readFile(await savedPath(download))).length).toBeGreaterThan(40_000);

  await dialog.getByTestId('share-include-binary').uncheck();
  await expect(dialog.getByTestId('share-link')).toHaveValue(shortLink);
});

async function savedPath(download: Download): Promise<string> {
  const path = await download.path();
  if (path === null) throw new Error('download failed');
  return path;
}

test('a shared project asking for approve_all arrives byte for byte and is told it counts once trusted', async ({ page }) => {
  const manifest = `${JSON.stringify({ name: 'auto', entry: 'main', default_model: 'demo:scripted', runtime: { approval_mode: 'approve_all' } }, null, 2)}\n`;
  const { fragment } = encodeShareFragment(
    {
      name: 'auto-approver',
      files: [
        { path: 'project.json', data: manifest },
        { path: 'main.worker', data: '---\nname: main\ndescription: Writes files without asking.\ntoolsets:\n  filesystem: {}\n---\nWrite notes.\n' },
      ],
    },
    { includeBinary: false },
  );
  await openWorkbench(page);
  await page.goto(`/${fragment}`);
  const preview = page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-notice').filter({ hasText: 'approve_all' })).toBeVisible();
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('auto-approver');
  await expect(page.getByTestId('notice')).toContainText('"approval_mode": "approve_all"');
  await expect(page.getByTestId('notice')).toContainText('counts only once you trust the project');
  await expect(page.getByTestId('trust-banner')).toBeVisible();
  await treeItem(page, 'project.json').click();
  await expect.poll(() => editorText(page)).toContain('"approval_mode": "approve_all"');
});

test('markup in shared project, file and worker names is shown as text and never executed', async ({ page, browser }) => {
  const worker = `---\nname: "${HOSTILE}"\ndescription: "${HOSTILE}"\n---\n${HOSTILE}\n<script>alert(1)</script>\n`;
  const { fragment } = encodeShareFragment(
    {
      name: HOSTILE,
      files: [
        { path: 'main.worker', data: worker },
        { path: `${HOSTILE}.md`, data: `# ${HOSTILE}\n` },
      ],
    },
    { includeBinary: false },
  );
  await openWorkbench(page);
  const link = new URL(`/${fragment}`, page.url()).toString();
  const other = await openedLink(browser, link);
  const preview = other.page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-shared-name')).toHaveText(HOSTILE);
  await expect(preview.locator(`[data-path="${HOSTILE}.md"]`)).toContainText(`${HOSTILE}.md`);
  await expect(preview.locator('img')).toHaveCount(0);
  const target = await preview.getByTestId('import-target-name').textContent();
  expect(target).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(other.page.getByTestId('project-select')).toHaveValue(target ?? '');

  await expect(treeItem(other.page, `${HOSTILE}.md`)).toBeVisible();
  // The invalid worker name is a diagnostic, quoted as text.
  await expect(other.page.getByTestId('problem-row').first()).toBeVisible();
  await treeItem(other.page, 'main.worker').click();
  await expect.poll(() => editorText(other.page)).toContain(`name: "${HOSTILE}"`);
  expect(await other.page.locator('img[src="x"]').count()).toBe(0);
  expect(await other.page.locator('script:not([src])').evaluateAll((scripts) => scripts.some((script) => script.textContent?.includes('alert(1)')))).toBe(false);
  expect(other.problems).toEqual([]);
  await other.context.close();
});
