import { describe, expect, it } from 'vitest';
import { adjacentArea, type WorkbenchArea } from './area-order';

const all = () => true;

describe('F6 order of the areas', () => {
  it('goes files, editor, run panel, Problems and round again; Shift+F6 the other way', () => {
    expect(adjacentArea(null, 1, all)).toBe('files');
    expect(adjacentArea('files', 1, all)).toBe('editor');
    expect(adjacentArea('editor', 1, all)).toBe('run');
    expect(adjacentArea('run', 1, all)).toBe('problems');
    expect(adjacentArea('problems', 1, all)).toBe('files');
    expect(adjacentArea(null, -1, all)).toBe('problems');
    expect(adjacentArea('files', -1, all)).toBe('problems');
    expect(adjacentArea('run', -1, all)).toBe('editor');
  });

  it('passes over collapsed areas, and stays put when only one is shown', () => {
    const shown = (hidden: WorkbenchArea[]) => (area: WorkbenchArea) => !hidden.includes(area);
    expect(adjacentArea('editor', 1, shown(['run']))).toBe('problems');
    expect(adjacentArea('editor', 1, shown(['run', 'problems']))).toBe('files');
    expect(adjacentArea('files', -1, shown(['problems', 'run']))).toBe('editor');
    expect(adjacentArea('editor', 1, shown(['files', 'run', 'problems']))).toBe('editor');
    expect(adjacentArea(null, 1, () => false)).toBeNull();
  });
});
