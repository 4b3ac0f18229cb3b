import type { Page } from '@playwright/test';
import { editorText, expect, expectSaved, focusEditor, newProject, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Browser-side hardening (SECURITY.md) and files with ordinary but awkward names,
 * against the production build. Every test also fails on any console error or
 * page error (helpers/workbench-test), which is how a refused script shows itself.
 */

/** Collects Content-Security-Policy violations the page reports, from before its first script. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

function directives(policy: string | undefined): Map<string, string> {
  return new Map((policy ?? '').split(';').map((part) => {
    const trimmed = part.trim();
    const space = trimmed.indexOf(' ');
    return space === -1 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1)];
  }));
}

test('the page and the API send CSP, frame-ancestors none, nosniff and a referrer policy', async ({ page, request }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  const policy = directives(headers['content-security-policy']);
  // The page is prerendered: its inline scripts are named by hash, the rest must be the app's own files.
  expect(policy.get('script-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'unsafe-eval'$/);
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');

  for (const api of [await request.get('/api/models'), await request.post('/api/model', { data: {} })]) {
    const apiHeaders = api.headers();
    expect(directives(apiHeaders['content-security-policy']).get('default-src')).toBe("'none'");
    expect(directives(apiHeaders['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    expect(apiHeaders['x-content-type-options']).toBe('nosniff');
    expect(apiHeaders['referrer-policy']).toBe('same-origin');
  }
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
});

test('an inline script injected into the served HTML is refused while the app scripts run', async ({ page, consoleErrors }) => {
  const violations = await recordViolations(page);
  // The served HTML, as it leaves the server, with one more inline script (markup that reached the page): its headers are kept.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<body>', '<body><script>window.injectedRan = true</script>');
    expect(html).toContain('injectedRan');
    await route.fulfill({ response, body: html });
  });
  await openWorkbench(page);
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  expect(await violations()).toEqual([expect.stringMatching(/^script-src(-elem)? blocked inline/)]);
  // Chromium logs the refusal as an error: that one, and only that one, is expected here.
  const refusal = (error: string) => /inline script violates the following Content Security Policy directive 'script-src/.test(error);
  expect(consoleErrors.filter(refusal)).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refusal(error)));
});

test('a normal load and a run of the example log no CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await openWorkbench(page);
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  // A PDF (pdf.js and its worker) and the editor (Monaco and its workers) are both in use.
  await page.getByRole('treeitem', { name: 'input', exact: true }).click();
  const deck = page.getByRole('treeitem', { name: /\.pdf$/ }).first();
  await deck.click();
  await expect.poll(() => page.getByTestId('pdf-canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);
  await page.getByTestId('run-button').click();
  const question = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await question.getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');
  expect(await violations()).toEqual([]);
});

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="window.svgRan = true; localStorage.setItem('svg-pwned', 'onload')">
<script>window.svgRan = true; localStorage.setItem('svg-pwned', 'script'); parent.postMessage('svg-pwned', '*');</script>
<rect width="40" height="40" fill="red"/>
</svg>`;

test('an SVG with script opened from the tree runs nothing, not even when its image is opened in a tab', async ({ page, context }) => {
  await newProject(page, 'svg-check');
  await page.getByTestId('upload-input').setInputFiles({ name: 'hostile.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_SVG) });
  await treeItem(page, 'hostile.svg').click();
  const image = page.getByTestId('image-viewer').locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(40);

  const source = (await image.getAttribute('src'))!;
  // Never a blob: URL of the app's origin, which a tab would open as a same-origin SVG document.
  expect(source.startsWith('data:image/svg+xml;base64,')).toBe(true);

  // What "Open image in new tab" does: the document it gets has an opaque origin.
  const tab = await context.newPage();
  await tab.goto(source).catch(() => undefined);
  await tab.close();

  expect(await page.evaluate(() => (window as unknown as { svgRan?: boolean }).svgRan)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('svg-pwned'))).toBeNull();
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  expect(await page.evaluate(() => localStorage.getItem('svg-pwned'))).toBeNull();
});

const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

test('files named constructor, toString, valueOf, hasOwnProperty and __proto__ keep their content through upload, edit and reload', async ({ page }) => {
  await newProject(page, 'awkward-names');
  for (const name of PROTOTYPE_NAMES) {
    // Upload into the project root (the selected main.worker's folder).
    await treeItem(page, 'main.worker').click();
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`first line of ${name}\n`) });
    await expect(treeItem(page, name)).toBeVisible();
    await treeItem(page, name).click();
    await expect(page.getByTestId('editor-tab')).toHaveText(name);
    await expect.poll(() => editorText(page)).toContain(`first line of ${name}`);

    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(`edited ${name}`);
    await expect.poll(() => editorText(page)).toContain(`edited ${name}`);
    await expectSaved(page);
  }

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  for (const name of PROTOTYPE_NAMES) {
    await treeItem(page, name).click();
    await expect(page.getByTestId('editor-tab')).toHaveText(name);
    await expect.poll(() => editorText(page)).toContain(`first line of ${name}`);
    expect(await editorText(page)).toContain(`edited ${name}`);
  }
});
