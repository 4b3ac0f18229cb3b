import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '@/lib/state/storage/testing/memory-storage';
import { KEPT_TREE_MAX_CHARACTERS, keptTree } from './kept-tree';
import type { TreeNode } from './workspace-types';

const KEY = 'workerbench:kept-tree';

const file = (path: string, size = 10): TreeNode => ({ name: path.split('/').pop()!, path, kind: 'file', size, children: [] });
const folder = (path: string, children: TreeNode[]): TreeNode => ({ name: path.split('/').pop()!, path, kind: 'directory', size: 0, children });
const TREE: TreeNode[] = [folder('input', [file('input/deck.pdf', 52_000), folder('input/notes', [file('input/notes/a.md')])]), file('main.worker', 300), file('__proto__')];

const kept = (value: unknown) => localStorage.setItem(KEY, typeof value === 'string' ? value : JSON.stringify(value));

describe('the tree copy a reload draws before storage opens', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('reads back the tree it wrote, paths and kinds rebuilt from the names', () => {
    keptTree.write('mine', TREE);
    expect(keptTree.read('mine')).toEqual(TREE);
  });

  it("answers nothing for another project and leaves that project's copy", () => {
    keptTree.write('mine', TREE);
    expect(keptTree.read('other')).toBeNull();
    expect(localStorage.getItem(KEY)).not.toBeNull();
  });

  it('forgets the copy when no project is open, or when the tree is too large to keep', () => {
    keptTree.write('mine', TREE);
    keptTree.write(null, []);
    expect(localStorage.getItem(KEY)).toBeNull();
    keptTree.write('mine', TREE);
    const large = Array.from({ length: 2_000 }, (_, index) => file(`file-${index}.md`));
    keptTree.write('mine', large);
    // Not the earlier, smaller copy either: it would stand for a tree that is no longer there.
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  const nested = (depth: number): unknown => (depth === 0 ? [['leaf', 1]] : [['d', 0, nested(depth - 1)]]);
  const hostile: Array<[string, unknown]> = [
    ['text that is not JSON', '{"version":1,'],
    ['not an object', [1, 2]],
    ['another version', { version: 2, project: 'mine', nodes: [] }],
    ['a project name that is a path', { version: 1, project: '../mine', nodes: [] }],
    ['nodes that are not a list', { version: 1, project: 'mine', nodes: { 0: ['a', 1] } }],
    ['a name with a slash', { version: 1, project: 'mine', nodes: [['../../etc/passwd', 1]] }],
    ['a name ".."', { version: 1, project: 'mine', nodes: [['..', 0, []]] }],
    ['an empty name', { version: 1, project: 'mine', nodes: [['', 1]] }],
    ['a control character in a name', { version: 1, project: 'mine', nodes: [['a\u0000b', 1]] }],
    ['a name that is not text', { version: 1, project: 'mine', nodes: [[{ toString: 'x' }, 1]] }],
    ['two entries of one name', { version: 1, project: 'mine', nodes: [['a', 1], ['a', 2]] }],
    ['a negative size', { version: 1, project: 'mine', nodes: [['a', -1]] }],
    ['a size that is not a whole number', { version: 1, project: 'mine', nodes: [['a', 1.5]] }],
    ['children that are not a list', { version: 1, project: 'mine', nodes: [['a', 0, 'children']] }],
    ['an entry of the wrong length', { version: 1, project: 'mine', nodes: [['a', 0, [], 'extra']] }],
    ['folders nested too deep', { version: 1, project: 'mine', nodes: nested(40) }],
    ['too many nodes', { version: 1, project: 'mine', nodes: Array.from({ length: 1_500 }, (_, index) => [`f${index}`, 1]) }],
    ['more text than a copy may hold', `{"version":1,"project":"mine","nodes":[]${' '.repeat(KEPT_TREE_MAX_CHARACTERS)}}`],
  ];
  it.each(hostile)('ignores and removes a copy with %s', (_, value) => {
    kept(value);
    expect(keptTree.read('mine')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a sound copy within the bounds passes (the checks above can pass)', () => {
    kept({ version: 1, project: 'mine', nodes: nested(10) });
    expect(keptTree.read('mine')?.[0]?.children[0]?.path).toBe('d/d');
  });

  it('without browser storage there is no copy, and no error', () => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(() => keptTree.write('mine', TREE)).not.toThrow();
    expect(keptTree.read('mine')).toBeNull();
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
});
