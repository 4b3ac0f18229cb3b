import { describe, expect, it } from 'vitest';
import { isTextPath, mimeTypeForPath } from './mime-type';

describe('mimeTypeForPath', () => {
  it.each([
    ['input/deck.pdf', 'application/pdf'],
    ['input/DECK.PDF', 'application/pdf'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.svg', 'image/svg+xml'],
    ['a.txt', 'text/plain'],
    ['README.md', 'text/markdown'],
    ['a.json', 'application/json'],
    ['a.csv', 'text/csv'],
    ['a.html', 'text/html'],
    ['a.yaml', 'application/yaml'],
    ['a.yml', 'application/yaml'],
    ['workers/pitch_evaluator.worker', 'text/markdown'],
    ['a.bin', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
    ['.pdf', 'application/octet-stream'],
    ['dir.pdf/file', 'application/octet-stream'],
  ])('%s → %s', (path, expected) => {
    expect(mimeTypeForPath(path)).toBe(expected);
  });
});

describe('isTextPath', () => {
  it.each([
    ['main.worker', true],
    ['notes.MD', true],
    ['data.json', true],
    ['config.yml', true],
    ['logo.svg', true],
    ['table.csv', true],
    ['README', true],
    ['deck.pdf', false],
    ['photo.png', false],
    ['blob.bin', false],
    ['mystery', false],
  ])('%s → %s', (path, expected) => {
    expect(isTextPath(path)).toBe(expected);
  });
});
