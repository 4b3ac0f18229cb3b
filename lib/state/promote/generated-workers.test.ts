import { describe, expect, it } from 'vitest';
import { generatedFolder } from './generated-workers';
import { isGeneratedPath, isPromotablePath } from './generated-paths';
import { promotionDestinationProblem } from './promote';

const manifest = (extra: Record<string, unknown>) => JSON.stringify({ name: 'p', entry: 'main', ...extra });

describe('generated workers in the tree', () => {
  it("reads the folder from project.json's text, canonical, and none for the root or a broken manifest", () => {
    expect(generatedFolder(manifest({ generated_workers_dir: './generated/' }))).toBe('generated');
    expect(generatedFolder(manifest({ generated_workers_dir: 'out/gen' }))).toBe('out/gen');
    expect(generatedFolder(manifest({}))).toBeNull();
    expect(generatedFolder(manifest({ generated_workers_dir: '.' }))).toBeNull();
    expect(generatedFolder('{ not json')).toBeNull();
    expect(generatedFolder(undefined)).toBeNull();
  });

  it('marks what is below the folder, and offers promotion for worker files only', () => {
    expect(isGeneratedPath('generated/a.worker', 'generated')).toBe(true);
    expect(isGeneratedPath('generated/notes.md', 'generated')).toBe(true);
    expect(isGeneratedPath('generated', 'generated')).toBe(false);
    expect(isGeneratedPath('generated-not/a.worker', 'generated')).toBe(false);
    expect(isGeneratedPath('generated/a.worker', null)).toBe(false);
    expect(isPromotablePath('generated/a.worker', 'generated')).toBe(true);
    expect(isPromotablePath('generated/notes.md', 'generated')).toBe(false);
    expect(isPromotablePath('a.worker', 'generated')).toBe(false);
  });

  it('checks a promotion destination as it is typed', () => {
    const exists = (path: string) => path === 'taken.worker';
    expect(promotionDestinationProblem('evaluator.worker', 'generated', exists)).toBeNull();
    expect(promotionDestinationProblem('workers/evaluator.worker', 'generated', exists)).toBeNull();
    expect(promotionDestinationProblem('taken.worker', 'generated', exists)).toMatch(/already exists/);
    expect(promotionDestinationProblem('generated/x.worker', 'generated', exists)).toMatch(/outside generated\//);
    expect(promotionDestinationProblem('x.md', 'generated', exists)).toMatch(/\.worker/);
    expect(promotionDestinationProblem('../x.worker', 'generated', exists)).toMatch(/inside the project/);
    expect(promotionDestinationProblem('  ', 'generated', exists)).toMatch(/inside the project/);
  });
});
