import { describe, expect, it } from 'vitest';
import { compareEntries, compareNames } from './entry-order';
import type { DirectoryEntry } from './file-system';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const file = (name: string): DirectoryEntry => ({ name, path: name, kind: 'file', size: 0 });
const directory = (name: string): DirectoryEntry => ({ name, path: name, kind: 'directory', size: 0 });

/** A small deterministic generator (mulberry32), so a failure names a name pair that can be tried again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, index) => String.fromCharCode(0x20 + index)).join('');

describe('compareNames', () => {
  it('sorts as people do: numbers by value, case ignored', () => {
    const names = ['file10.md', 'File2.md', 'file1.md', 'a.worker', 'B.worker', 'notes', 'notes-2', 'notes_1', '010.txt', '9.txt'];
    expect([...names].sort(compareNames)).toEqual(['9.txt', '010.txt', 'a.worker', 'B.worker', 'file1.md', 'File2.md', 'file10.md', 'notes', 'notes_1', 'notes-2']);
  });

  it('agrees with the collator on printable ASCII names (random names, punctuation and long digit runs included)', () => {
    const next = random(20261128);
    const alphabets = [PRINTABLE_ASCII, '0123456789', 'aA0-_. 9zZ', '00100'];
    const name = () => {
      const alphabet = alphabets[Math.floor(next() * alphabets.length)]!;
      return Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    };
    for (let pair = 0; pair < 40_000; pair += 1) {
      const left = name();
      const right = next() < 0.3 ? left.slice(0, Math.floor(next() * (left.length + 1))) + name() : name();
      expect(Math.sign(compareNames(left, right)), `${JSON.stringify(left)} against ${JSON.stringify(right)}`).toBe(Math.sign(collator.compare(left, right)));
    }
  });

  it('agrees with the collator on every pair of printable ASCII characters and on digit runs of any length', () => {
    for (const left of PRINTABLE_ASCII) for (const right of PRINTABLE_ASCII) expect(Math.sign(compareNames(left, right)), `${left} ${right}`).toBe(Math.sign(collator.compare(left, right)));
    const long = '9'.repeat(40);
    for (const [left, right] of [[long, `1${long}`], [`a${long}b`, `a0${long}c`], ['a0', 'a00'], ['x007', 'x7'], [`${long}0`, `${long}1`]] as const) {
      expect(Math.sign(compareNames(left, right)), `${left} ${right}`).toBe(Math.sign(collator.compare(left, right)));
    }
  });

  it('leaves names beyond printable ASCII to the collator', () => {
    for (const [left, right] of [['é.md', 'e.md'], ['Zürich', 'zurich'], ['ábc', 'abd'], ['tab\there', 'tab here'], ['日本', 'abc']] as const) {
      expect(compareNames(left, right)).toBe(collator.compare(left, right));
    }
  });
});

describe('compareEntries', () => {
  it('puts directories first, then names, with a code-point tie-break that makes the order total', () => {
    const entries = [file('b.md'), directory('zeta'), file('B.md'), file('a10'), directory('Alpha'), file('a9')];
    expect([...entries].sort(compareEntries).map((entry) => entry.name)).toEqual(['Alpha', 'zeta', 'a9', 'a10', 'B.md', 'b.md']);
  });
});
