import { describe, expect, it } from 'vitest';
import { fileIconKind } from './file-view-kind';

describe('the file tree icon of a file', () => {
  it('tells workers, tests, markdown, JSON, PDFs, images and text apart by name', () => {
    expect(fileIconKind('main.worker')).toBe('worker');
    expect(fileIconKind('agents/helper.agent')).toBe('worker');
    expect(fileIconKind('deck_evaluator.tests.yaml')).toBe('tests');
    expect(fileIconKind('evaluations/summary.md')).toBe('markdown');
    expect(fileIconKind('project.json')).toBe('json');
    expect(fileIconKind('input/orbit-snacks.pdf')).toBe('pdf');
    expect(fileIconKind('logo.PNG')).toBe('image');
    expect(fileIconKind('notes.txt')).toBe('text');
    expect(fileIconKind('archive.zip')).toBe('other');
  });
});
