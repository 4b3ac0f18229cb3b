import { chromium } from 'playwright-core';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const t0 = Date.now();
    const events: string[] = [];
    page.on('requestfinished', (r) => events.push(`${Date.now() - t0} done ${r.url().replace(/^http:\/\/127.0.0.1:\d+/, '')}`));
    page.on('request', (r) => events.push(`${Date.now() - t0} req  ${r.url().replace(/^http:\/\/127.0.0.1:\d+/, '')}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable'); await cdp.send('Profiler.start');
    await page.goto(process.env.URL ?? 'http://127.0.0.1:3100');
    await page.locator('[role="treeitem"]').first().waitFor();
    events.push(`${Date.now() - t0} TREE`);
    const { profile } = await cdp.send('Profiler.stop');
    (await import('node:fs')).writeFileSync(`/tmp/load${run}.cpuprofile`, JSON.stringify(profile));
    const marks = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => JSON.stringify({ dcl: (e as PerformanceNavigationTiming).domContentLoadedEventEnd, load: (e as PerformanceNavigationTiming).loadEventEnd })));
    console.log(`--- run ${run}`, marks);
    console.log(events.join('\n'));
    await context.close();
  }
  await browser.close();
})();
