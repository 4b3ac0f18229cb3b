import type { Page } from '@playwright/test';
import { expect, newProject, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Markdown from models, tools and project files is rendered, and stays inert: a file of
 * script tags, event attributes, javascript: links, SVG and comments is uploaded, opened and
 * previewed, and nothing in it runs or survives as live markup.
 */

const XSS_CORPUS = [
  '# Corpus heading',
  '',
  '**bold text** and a [safe link](https://example.com/docs).',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src=x onerror="window.__xss = \'img\'">',
  '',
  '<svg onload="window.__xss = \'svg\'"><script>window.__xss = "svg-script"</script></svg>',
  '',
  '[javascript link](javascript:window.__xss="link")',
  '',
  '[data link](data:text/html,<script>window.__xss="data"</script>)',
  '',
  '<a href="javascript:window.__xss=\'anchor\'">raw anchor</a>',
  '',
  '<!-- a comment window.__xss = "comment" -->',
  '',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '',
  '<details open ontoggle="window.__xss = \'details\'">toggled</details>',
  '',
  '![beacon](https://example.invalid/track.png)',
  '',
  '[click](JaVaScRiPt:window.__xss="mixed-case")',
  '',
].join('\n');

/** Everything in the rendered markdown that could run script or fetch something. */
async function liveMarkup(page: Page) {
  return page.getByTestId('markdown-rendered').evaluate((root) => {
    const elements = [...root.querySelectorAll('*')];
    return {
      dangerousElements: elements.filter((element) => ['SCRIPT', 'IFRAME', 'SVG', 'IMG', 'OBJECT', 'EMBED', 'STYLE'].includes(element.tagName.toUpperCase())).length,
      eventAttributes: elements.flatMap((element) => [...element.attributes].map((attribute) => attribute.name)).filter((name) => name.toLowerCase().startsWith('on')),
      unsafeHrefs: [...root.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href') ?? '').filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
      comments: document.createTreeWalker(root, NodeFilter.SHOW_COMMENT).nextNode() === null ? 0 : 1,
    };
  });
}

test('an untrusted markdown file previews rendered and inert', async ({ page }) => {
  await newProject(page, 'markdown-xss');
  await page.getByTestId('upload-input').setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(XSS_CORPUS) });
  await treeItem(page, 'notes.md').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('notes.md');

  const toggle = page.getByRole('button', { name: 'Preview' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const preview = page.getByTestId('markdown-preview');
  await expect(preview.getByRole('heading', { name: 'Corpus heading' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('bold text');
  await expect(preview.getByRole('link', { name: 'safe link' })).toHaveAttribute('href', 'https://example.com/docs');
  await expect(preview.getByRole('link', { name: 'safe link' })).toHaveAttribute('rel', /noopener/);
  // The remote image is offered as a link, never fetched.
  await expect(preview.getByRole('link', { name: '[image: beacon]' })).toBeVisible();

  expect(await liveMarkup(page)).toEqual({ dangerousElements: 0, eventAttributes: [], unsafeHrefs: [], comments: 0 });
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();

  // The raw toggle shows the source as written; the source button brings the editor back.
  await preview.getByRole('button', { name: 'Raw' }).click();
  await expect(preview.getByTestId('markdown-raw')).toContainText('<script>window.__xss = "script"</script>');
  await page.getByRole('button', { name: 'Source' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await expect(page.getByTestId('markdown-preview')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
});

test('a run shows its reports and the summary rendered', async ({ page }) => {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await page.getByTestId('run-button').click();
  const question = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await question.getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });

  // Each evaluator's report comes back to the orchestrator as markdown, shown as a table.
  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-status', 'completed');
  await run.locator('[data-testid="tool-call"][data-tool="pitch_evaluator"]').first().click();
  const evaluatorResult = page.getByTestId('run-detail').getByTestId('tool-result');
  await expect(evaluatorResult.locator('table')).toBeVisible();
  await expect(evaluatorResult.locator('strong').filter({ hasText: /^Verdict: / })).toBeVisible();

  // The summary file (in the file tab, behind the run's) opens as a document (a run's markdown result opens in Preview): its title a heading, its ranking a table.
  await page.getByTestId('editor-tab').click();
  const preview = page.getByTestId('markdown-preview');
  await expect(preview.getByRole('heading', { name: 'Pitch deck evaluations: summary' })).toBeVisible();
  await expect(preview.locator('table tbody tr')).toHaveCount(3);
});

test('links to project and run imports in markdown are text: clicking them opens nothing', async ({ page }) => {
  await newProject(page, 'markdown-import-links');
  // Well-formed fragments (the dialog would open even for a damaged one, to say so).
  const source = [
    '[open the run](#wbrun2=12.abcdefghijkl)',
    '',
    '[open the project](#wb1=12.abcdefghijkl)',
    '',
    '[same page, full address](http://127.0.0.1/#wbrun2=12.abcdefghijkl)',
    '',
    '[a heading](#top)',
    '',
  ].join('\n');
  await page.getByTestId('upload-input').setInputFiles({ name: 'links.md', mimeType: 'text/markdown', buffer: Buffer.from(source) });
  await treeItem(page, 'links.md').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('links.md');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('markdown-preview');
  const inert = preview.getByTestId('markdown-import-link');
  await expect(inert).toHaveText(['open the run', 'open the project', 'same page, full address']);
  await expect(preview.getByRole('link')).toHaveText(['a heading']);
  for (const text of await inert.all()) await text.click();
  // Nothing navigated and nothing offers an import.
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  expect(page.context().pages()).toHaveLength(1);
});
