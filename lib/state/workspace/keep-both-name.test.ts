import { describe, expect, it } from 'vitest';
import { keepBothName } from './keep-both-name';

describe('keepBothName', () => {
  it('inserts a counter before the extension', () => {
    expect(keepBothName('deck.pdf', () => false)).toBe('deck (2).pdf');
  });
  it('skips taken names', () => {
    const taken = new Set(['deck (2).pdf', 'deck (3).pdf']);
    expect(keepBothName('deck.pdf', (name) => taken.has(name))).toBe('deck (4).pdf');
  });
  it('handles names without an extension and dot files', () => {
    expect(keepBothName('README', () => false)).toBe('README (2)');
    expect(keepBothName('.env', () => false)).toBe('.env (2)');
  });
});
