import type { DirectoryEntry } from './file-system';

/**
 * The one listing order of every FileSystem: directories first, then names as
 * people sort them ("file2" before "file10", case-insensitive), with a
 * code-point tie-break so the order is total and identical across implementations.
 */
export function compareEntries(left: DirectoryEntry, right: DirectoryEntry): number {
  if (left.kind !== right.kind) return left.kind === 'directory' ? -1 : 1;
  const byName = compareNames(left.name, right.name);
  if (byName !== 0) return byName;
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

/**
 * Names compared as `Intl.Collator('en', { sensitivity: 'base', numeric: true })` compares them.
 * Names of printable ASCII (nearly every file name) are compared here, in one pass, by the same
 * rules; any other name goes to the collator. Why: the first collator a page makes loads ICU's
 * collation data, 10–30 ms of the main thread before the first tree could be sorted.
 * entry-order.test.ts checks that both ways agree.
 */
export function compareNames(left: string, right: string): number {
  return isPrintableAscii(left) && isPrintableAscii(right) ? compareAsciiNames(left, right) : collator().compare(left, right);
}

let madeCollator: Intl.Collator | undefined;
function collator(): Intl.Collator {
  madeCollator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return madeCollator;
}

function isPrintableAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

/** ASCII's punctuation and symbols in the collation's order (CLDR's root order); all come before digits, then letters. */
const PUNCTUATION_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const DIGIT_RANK = PUNCTUATION_ORDER.length;

/** Each printable ASCII character's rank: punctuation in the order above, every digit alike (runs compare by value), letters without case. */
const RANK = (() => {
  const rank = new Uint8Array(128);
  for (let index = 0; index < PUNCTUATION_ORDER.length; index += 1) rank[PUNCTUATION_ORDER.charCodeAt(index)] = index;
  for (let code = 0x30; code <= 0x39; code += 1) rank[code] = DIGIT_RANK;
  for (let letter = 0; letter < 26; letter += 1) {
    rank[0x41 + letter] = DIGIT_RANK + 1 + letter;
    rank[0x61 + letter] = DIGIT_RANK + 1 + letter;
  }
  return rank;
})();

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

function compareAsciiNames(left: string, right: string): number {
  let leftIndex = 0;
  let rightIndex = 0;
  while (leftIndex < left.length && rightIndex < right.length) {
    const leftCode = left.charCodeAt(leftIndex);
    const rightCode = right.charCodeAt(rightIndex);
    if (isDigit(leftCode) && isDigit(rightCode)) {
      // Two runs of digits compare by value: leading zeros do not count, then more digits is larger, then digit by digit.
      let leftEnd = leftIndex;
      while (leftEnd < left.length && isDigit(left.charCodeAt(leftEnd))) leftEnd += 1;
      let rightEnd = rightIndex;
      while (rightEnd < right.length && isDigit(right.charCodeAt(rightEnd))) rightEnd += 1;
      while (leftIndex < leftEnd - 1 && left.charCodeAt(leftIndex) === 0x30) leftIndex += 1;
      while (rightIndex < rightEnd - 1 && right.charCodeAt(rightIndex) === 0x30) rightIndex += 1;
      const lengths = leftEnd - leftIndex - (rightEnd - rightIndex);
      if (lengths !== 0) return Math.sign(lengths);
      for (; leftIndex < leftEnd; leftIndex += 1, rightIndex += 1) {
        const digits = left.charCodeAt(leftIndex) - right.charCodeAt(rightIndex);
        if (digits !== 0) return Math.sign(digits);
      }
      continue;
    }
    const ranks = RANK[leftCode]! - RANK[rightCode]!;
    if (ranks !== 0) return Math.sign(ranks);
    leftIndex += 1;
    rightIndex += 1;
  }
  return Math.sign(left.length - leftIndex - (right.length - rightIndex));
}
