import { expandFolder, expect, openWorkbench, test, treeItem } from './helpers/workbench-test';

/*
 * Once a first visit is idle, the scripts the page's HTML names run a second time in a hidden frame
 * (lib/state/ui/warm-code-cache.ts), so that a reload reads V8's code cache for them. Here: the
 * scripts warmed are the HTML's, the frame goes, nothing breaks (the page's own Turbopack runtime
 * still loads chunks), and the page remembers the build as warmed.
 */
const WARMED_KEY = 'workerbench:code-cache-warmed';

test.beforeEach(async ({ page }) => {
  // Counts the frames the warming adds, on every document of the page.
  await page.addInitScript(() => {
    const seen = { frames: 0 };
    Object.assign(window, { codeCacheFrames: seen });
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLIFrameElement && node.dataset.purpose === 'code-cache') seen.frames += 1;
    }).observe(document, { subtree: true, childList: true });
  });
});

test("an idle first visit runs the HTML's scripts once more in a frame that then goes; the page works after it and a reload does not warm again", async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const named = [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)" async="">/g)].map((match) => match[1]!);
  const expected = named.filter((src) => !/\/turbopack-[^/]*\.js$/.test(src));
  expect(expected.length).toBeGreaterThan(3);

  await openWorkbench(page);
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), WARMED_KEY), { timeout: 20_000 }).not.toBeNull();
  const warmed = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), WARMED_KEY))!) as string[];
  const origin = new URL(page.url()).origin;
  expect(new Set(warmed)).toEqual(new Set(expected.map((src) => `${origin}${src}`)));
  expect(await page.evaluate(() => (window as unknown as { codeCacheFrames: { frames: number } }).codeCacheFrames.frames)).toBe(1);
  expect(await page.evaluate(() => performance.getEntriesByName('workerbench:code-cache-warming').length)).toBe(1);
  await expect(page.locator('iframe')).toHaveCount(0);

  // The page's own runtime is untouched: a part loaded only now (the PDF view) still comes.
  await expandFolder(page, 'input');
  await treeItem(page, 'lumen-ledger.pdf').click();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF');

  // A reload of the same build warms nothing: it reads the caches the first visit wrote. (The
  // choice is made as the page becomes ready; a file opened after that is later than it.)
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  expect(await page.evaluate(() => performance.getEntriesByName('workerbench:code-cache-warming').length)).toBe(0);
  expect(JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), WARMED_KEY))!)).toEqual(warmed);
  expect(await page.evaluate(() => (window as unknown as { codeCacheFrames: { frames: number } }).codeCacheFrames.frames)).toBe(0);
});

test('a damaged record of what was warmed is read as nothing warmed: the page warms again and starts as usual', async ({ page }) => {
  await page.addInitScript((key) => {
    if (window.localStorage.getItem('seeded-damage') === null) {
      window.localStorage.setItem(key, '{"not": "a list"');
      window.localStorage.setItem('seeded-damage', 'yes');
    }
  }, WARMED_KEY);
  await openWorkbench(page);
  await expect
    .poll(async () => {
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), WARMED_KEY);
      return stored?.startsWith('[') ?? false;
    }, { timeout: 20_000 })
    .toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);
});
