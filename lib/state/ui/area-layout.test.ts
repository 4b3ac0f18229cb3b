import { describe, expect, it } from 'vitest';
import { AREA_LIMITS, CENTRE_MIN_WIDTH, DEFAULT_AREA_LAYOUT, EDITOR_MIN_HEIGHT, fitAreaSize, layoutFromEarlierVersion, parseStoredLayout, serializeLayout } from './area-layout';

describe('fitAreaSize', () => {
  it('gives the size asked for, as a percentage of the group', () => {
    expect(fitAreaSize('files', 288, { pixels: 1440, othersPixels: 400 })).toEqual({ collapse: false, percent: 20 });
    expect(fitAreaSize('problems', 200, { pixels: 800, othersPixels: 0 })).toEqual({ collapse: false, percent: 25 });
  });

  it('keeps an area at its least size, and collapses it when dragged below half of that', () => {
    expect(fitAreaSize('run', 200, { pixels: 1440, othersPixels: 250 })).toEqual({ collapse: false, percent: 20.83 });
    expect(AREA_LIMITS.run.minPixels).toBe(300);
    expect(fitAreaSize('run', AREA_LIMITS.run.minPixels / 2 - 1, { pixels: 1440, othersPixels: 250 })).toEqual({ collapse: true });
    expect(fitAreaSize('files', -40, { pixels: 1440, othersPixels: 250 })).toEqual({ collapse: true });
  });

  it('stops at the largest share and leaves the editor its room', () => {
    expect(fitAreaSize('files', 5000, { pixels: 1440, othersPixels: 0 })).toEqual({ collapse: false, percent: AREA_LIMITS.files.maxPercent });
    // The run panel beside a wide sidebar: what is left after the centre's least width.
    const left = 1024 - 400 - CENTRE_MIN_WIDTH;
    expect(fitAreaSize('run', 900, { pixels: 1024, othersPixels: 400 })).toEqual({ collapse: false, percent: Math.round((left / 1024) * 100 * 100) / 100 });
    expect(fitAreaSize('problems', 700, { pixels: 300, othersPixels: 0 })).toEqual({ collapse: false, percent: ((300 - EDITOR_MIN_HEIGHT) / 300) * 100 });
  });

  it('shrinks the least size in a group too small for it, instead of overflowing', () => {
    // 300 px is more than the run panel's largest share of 400 px (60 %): that share is its least size here.
    const fitted = fitAreaSize('run', 130, { pixels: 400, othersPixels: 0 });
    expect(fitted).toEqual({ collapse: false, percent: AREA_LIMITS.run.maxPercent });
  });

  it('answers the default for a group not laid out yet or a request that is not a number', () => {
    expect(fitAreaSize('files', 200, { pixels: 0, othersPixels: 0 })).toEqual({ collapse: false, percent: DEFAULT_AREA_LAYOUT.sizes.files });
    expect(fitAreaSize('files', Number.NaN, { pixels: 1000, othersPixels: 0 })).toEqual({ collapse: false, percent: DEFAULT_AREA_LAYOUT.sizes.files });
  });
});

describe('parseStoredLayout', () => {
  it('reads back what serializeLayout wrote', () => {
    const layout = { sizes: { files: 22.5, run: 41, problems: 30 }, collapsed: { files: true, run: false, problems: false } };
    expect(parseStoredLayout(serializeLayout(layout))).toEqual(layout);
  });

  it('is the default layout for nothing kept, text that is not JSON, or JSON of another shape', () => {
    for (const text of [null, '', 'not json', '[1,2]', 'null', '42', '"files"']) expect(parseStoredLayout(text)).toEqual(DEFAULT_AREA_LAYOUT);
  });

  it('keeps each good figure and drops each bad one', () => {
    const text = JSON.stringify({ sizes: { files: 25, run: 'wide', problems: 250 }, collapsed: { files: 'yes', run: true, problems: null }, extra: { a: 1 } });
    expect(parseStoredLayout(text)).toEqual({ sizes: { ...DEFAULT_AREA_LAYOUT.sizes, files: 25 }, collapsed: { ...DEFAULT_AREA_LAYOUT.collapsed, run: true } });
    expect(parseStoredLayout(JSON.stringify({ sizes: { files: -1, run: Number.MAX_VALUE } })).sizes).toEqual(DEFAULT_AREA_LAYOUT.sizes);
  });

  it('does not read a text longer than any layout it writes, whatever it holds', () => {
    const long = JSON.stringify({ sizes: { files: 25 }, padding: 'x'.repeat(1_000_000) });
    const started = performance.now();
    expect(parseStoredLayout(long)).toEqual(DEFAULT_AREA_LAYOUT);
    // A guard against a hang, not a timing test: the bound is far above the microseconds it takes.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('layoutFromEarlierVersion', () => {
  const columns = (layout: unknown) => JSON.stringify({ 'files,center,run': { expandToSizes: {}, layout } });

  it("takes over the columns' sizes react-resizable-panels kept, a collapsed side as collapsed at its default size", () => {
    expect(layoutFromEarlierVersion(columns([22.5, 40, 37.5]))).toEqual({ sizes: { ...DEFAULT_AREA_LAYOUT.sizes, files: 22.5, run: 37.5 }, collapsed: DEFAULT_AREA_LAYOUT.collapsed });
    expect(layoutFromEarlierVersion(columns([0, 65, 35]))).toEqual({ sizes: { ...DEFAULT_AREA_LAYOUT.sizes, run: 35 }, collapsed: { ...DEFAULT_AREA_LAYOUT.collapsed, files: true } });
  });

  it('takes nothing from what that library did not write', () => {
    for (const text of [null, 'not json', '[]', '{}', columns([20, 80]), columns([20, 'x', 30]), columns([-1, 50, 51]), columns([20, 50, 300]), JSON.stringify({ key: null }), `{"k":{"layout":[1,2,3]},"pad":"${'x'.repeat(3_000)}"}`]) {
      expect(layoutFromEarlierVersion(text), String(text).slice(0, 40)).toBeNull();
    }
  });
});
