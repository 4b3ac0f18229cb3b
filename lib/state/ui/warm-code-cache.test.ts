import { describe, expect, it } from 'vitest';
import { needsWarming, scriptsTheHtmlNames } from './warm-code-cache';

const ORIGIN = 'http://127.0.0.1:3000';
const at = (path: string, startTime: number) => ({ name: `${ORIGIN}${path}`, startTime });

describe('scriptsTheHtmlNames', () => {
  it('keeps the build scripts requested before the HTML was parsed, in order, once each', () => {
    const resources = [
      at('/_next/static/chunks/a1.js', 4),
      at('/_next/static/chunks/app.css', 4),
      at('/_next/static/chunks/b2.js', 5),
      at('/_next/static/chunks/a1.js', 9),
      at('/_next/static/chunks/late.js', 40),
    ];
    expect(scriptsTheHtmlNames(resources, 30, ORIGIN)).toEqual([`${ORIGIN}/_next/static/chunks/a1.js`, `${ORIGIN}/_next/static/chunks/b2.js`]);
  });

  it("leaves out Turbopack's runtime chunk, which acts when it runs", () => {
    const resources = [at('/_next/static/chunks/turbopack-2u1d16houkiyo.js', 3), at('/_next/static/chunks/turbopack-worker-1h.js', 3), at('/_next/static/chunks/c3.js', 3)];
    expect(scriptsTheHtmlNames(resources, 30, ORIGIN)).toEqual([`${ORIGIN}/_next/static/chunks/c3.js`]);
  });

  it('leaves out other origins, other paths, queries and names that are not URLs', () => {
    const resources = [
      { name: 'https://cdn.example/_next/static/chunks/x.js', startTime: 1 },
      at('/api/model', 1),
      at('/public/tool.js', 1),
      { name: 'not a url', startTime: 1 },
      at('/_next/static/chunks/d4.js?v=2', 1),
    ];
    expect(scriptsTheHtmlNames(resources, 30, ORIGIN)).toEqual([`${ORIGIN}/_next/static/chunks/d4.js`]);
  });

  it('finishes far inside its bound on many resources with long names (a hang guard, not a timing test)', () => {
    const kept = Array.from({ length: 5_000 }, (_, index) => at(`/_next/static/chunks/${'t'.repeat(2_000)}turbopack-${index}.js`, 1));
    const runtimes = Array.from({ length: 5_000 }, (_, index) => at(`/_next/static/chunks/turbopack-${'t'.repeat(2_000)}${index}.js`, 1));
    const started = performance.now();
    expect(scriptsTheHtmlNames([...kept, ...runtimes, ...kept], 30, ORIGIN)).toHaveLength(5_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('needsWarming', () => {
  const scripts = [`${ORIGIN}/_next/static/chunks/a1.js`, `${ORIGIN}/_next/static/chunks/b2.js`];

  it('warms when nothing was warmed, and not when every script was', () => {
    expect(needsWarming(scripts, undefined)).toBe(true);
    expect(needsWarming(scripts, [...scripts])).toBe(false);
  });

  it('warms again when the build changed a script', () => {
    expect(needsWarming(scripts, [scripts[0], `${ORIGIN}/_next/static/chunks/old.js`])).toBe(true);
  });

  it('treats a damaged record as nothing warmed', () => {
    for (const damaged of [null, 'text', { a: 1 }, 3, [1, { b: 2 }]]) expect(needsWarming(scripts, damaged)).toBe(true);
  });

  it('has nothing to warm without scripts', () => {
    expect(needsWarming([], undefined)).toBe(false);
  });
});
