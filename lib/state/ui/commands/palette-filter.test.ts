import { describe, expect, it } from 'vitest';
import { paletteMatchScore } from './palette-filter';

describe('palette matching', () => {
  it('finds a file by its name and never through letters scattered over a title', () => {
    expect(paletteMatchScore('Compare models…', 'main', ['side by side', 'Run'])).toBe(0);
    expect(paletteMatchScore('file main.worker', 'main')).toBeGreaterThan(0);
    expect(paletteMatchScore('file input/orbit-snacks.pdf', 'orbit')).toBeGreaterThan(0);
  });

  it('ranks a name that starts with the text over one that holds it, over words in any order, over keywords', () => {
    const starts = paletteMatchScore('Run the open worker', 'run the');
    const holdsAtWord = paletteMatchScore('Focus the run panel', 'run');
    const holds = paletteMatchScore('Rerun', 'run');
    const words = paletteMatchScore('Run the open worker', 'worker run');
    const keyword = paletteMatchScore('Stop the run', 'abort', ['abort', 'cancel']);
    expect(starts).toBeGreaterThan(holdsAtWord);
    expect(holdsAtWord).toBeGreaterThan(holds);
    expect(holds).toBeGreaterThan(words);
    expect(words).toBeGreaterThan(keyword);
    expect(keyword).toBeGreaterThan(0);
  });

  it('shows everything before anything is typed', () => {
    expect(paletteMatchScore('Settings…', '  ')).toBe(1);
  });
});
