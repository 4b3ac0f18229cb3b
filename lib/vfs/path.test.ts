import { describe, expect, it } from 'vitest';
import { assertAbsolutePath, baseName, dirname, extension, isInside, isStrictlyInside, joinPath, parentPath, relativePath, splitPath } from './path';

describe('path helpers', () => {
  it('joins and normalises', () => {
    expect(joinPath('/projects', 'demo', 'main.worker')).toBe('/projects/demo/main.worker');
    expect(joinPath('/projects/demo', 'input/deck.pdf')).toBe('/projects/demo/input/deck.pdf');
    expect(joinPath('/a/b', '../c', './d')).toBe('/a/c/d');
    expect(joinPath('/', '..', 'x')).toBe('/x');
    expect(joinPath('/a//b/')).toBe('/a/b');
    expect(joinPath('/')).toBe('/');
  });

  it('finds parents, base names and extensions', () => {
    expect(parentPath('/a/b/c.txt')).toBe('/a/b');
    expect(parentPath('/a')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(dirname('/a/b')).toBe('/a');
    expect(baseName('/a/deck.pdf')).toBe('deck.pdf');
    expect(baseName('input/deck.pdf')).toBe('deck.pdf');
    expect(baseName('/')).toBe('');
    expect(extension('/a/Deck.PDF')).toBe('.pdf');
    expect(extension('/a/archive.tar.gz')).toBe('.gz');
    expect(extension('/a/.bashrc')).toBe('');
    expect(extension('/a/README')).toBe('');
    expect(extension('/a.dir/file')).toBe('');
  });

  it('decides containment on segment boundaries', () => {
    expect(isInside('/projects/demo/x', '/projects/demo')).toBe(true);
    expect(isInside('/projects/demo', '/projects/demo')).toBe(true);
    expect(isInside('/projects/demo-two/x', '/projects/demo')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
    expect(isStrictlyInside('/projects/demo', '/projects/demo')).toBe(false);
    expect(isStrictlyInside('/projects/demo/a', '/projects/demo')).toBe(true);
    expect(relativePath('/projects/demo/a/b', '/projects/demo')).toBe('a/b');
    expect(relativePath('/a', '/')).toBe('a');
    expect(relativePath('/a', '/a')).toBe('');
    expect(splitPath('/a/b')).toEqual(['a', 'b']);
    expect(splitPath('/')).toEqual([]);
  });

  it('accepts only absolute normalised paths in assertAbsolutePath', () => {
    for (const good of ['/', '/a', '/a/b.c', '/a/...']) expect(() => assertAbsolutePath(good)).not.toThrow();
    for (const bad of ['', 'a', '/a/', '/a//b', '/a/./b', '/a/../b', '/a\0']) {
      expect(() => assertAbsolutePath(bad)).toThrow(/Invalid path/);
    }
  });
});
