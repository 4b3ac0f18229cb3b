import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { decodeShareFragment, encodeShareFragment } from './share-link';
import { exportProjectZip, importProjectZip, zipFolderName } from './zip-archive';
import { readZipEntries } from './zip-entries';
import { MAX_FILES } from './share-limits';
import { bytesOf } from '@/lib/share/testing/share-fragments';
import type { SharedProject, ShareImportResult } from './share-result';

function expectError(result: ShareImportResult, code: string): string {
  if (result.ok) throw new Error(`expected ${code}, got a project`);
  expect(result.error.code).toBe(code);
  return result.error.message;
}

function importOk(bytes: Uint8Array, name?: string): SharedProject {
  const result = importProjectZip(bytes, { name });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.project;
}

const u32 = (bytes: Uint8Array, offset: number, value: number) => new DataView(bytes.buffer, bytes.byteOffset).setUint32(offset, value, true);

/** Rewrites the declared uncompressed size of every entry (local and central headers) to lie about it. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let offset = 0; offset + 4 <= copy.length; offset += 1) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50) u32(copy, offset + 22, size);
    if (signature === 0x02014b50) u32(copy, offset + 24, size);
  }
  return copy;
}

const segment = fc.stringMatching(/^[A-Za-z0-9_ éü漢-]{1,10}$/).filter((name) => name.trim() === name && name !== '.DS_Store');
const zipProjectArbitrary: fc.Arbitrary<SharedProject> = fc
  .record({
    name: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,20}[A-Za-z0-9]$/),
    files: fc.uniqueArray(
      fc.oneof(
        fc.record({ path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/') + '.md'), data: fc.string({ unit: 'grapheme', maxLength: 300 }) }),
        fc.record({ path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/') + '.bin'), data: fc.uint8Array({ maxLength: 300 }) }),
      ),
      { minLength: 1, maxLength: 10, selector: (file) => file.path },
    ),
  });

describe('exportProjectZip / importProjectZip', () => {
  it('puts files in one folder named after the project and reads them back', () => {
    const project: SharedProject = {
      name: 'pitch-review',
      files: [
        { path: 'project.json', data: '{"entry":"main"}' },
        { path: 'main.worker', data: '---\nname: main\n---\nBonjour 👋' },
        { path: 'input/deck.pdf', data: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]) },
      ],
    };
    const zip = exportProjectZip(project);
    const listed = readZipEntries(zip, 100);
    expect(listed.ok && listed.entries.map((entry) => entry.name)).toEqual(['pitch-review/project.json', 'pitch-review/main.worker', 'pitch-review/input/deck.pdf']);
    const imported = importOk(zip);
    expect(imported.name).toBe('pitch-review');
    expect(imported.files[1]!.data).toBe('---\nname: main\n---\nBonjour 👋');
    expect(imported.files[2]!.data).toEqual(project.files[2]!.data);
  });

  it('keeps files named after Object.prototype members, in a zip and in a link', () => {
    const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
    const project: SharedProject = { name: 'awkward', files: names.map((name) => ({ path: name, data: `text of ${name}` })) };
    const fromLink = decodeShareFragment(encodeShareFragment(project, { includeBinary: true }).fragment);
    if (!fromLink.ok) throw new Error(fromLink.error.message);
    for (const imported of [importOk(exportProjectZip(project)), fromLink.project]) {
      expect(imported.files.map((file) => [file.path, file.data])).toEqual(names.map((name) => [name, `text of ${name}`]));
    }
  });

  it('round-trips random projects', () => {
    fc.assert(
      fc.property(zipProjectArbitrary, (project) => {
        const imported = importOk(exportProjectZip(project));
        expect(imported.name).toBe(project.name);
        expect(imported.files.map((file) => file.path)).toEqual(project.files.map((file) => file.path));
        imported.files.forEach((file, index) => expect(bytesOf(file)).toEqual(bytesOf(project.files[index]!)));
      }),
      { numRuns: 60 },
    );
  });

  it('makes the folder name safe for any disk, markup included', () => {
    expect(zipFolderName('<script>alert("x")</script>')).toBe('script-alert(-x-)-script');
    expect(zipFolderName('../..')).toBe('project');
  });

  it('reads flat zips, skips folders and Finder litter, and takes the given name', () => {
    const zip = zipSync({
      'main.worker': strToU8('---\nname: main\n---\n'),
      'workers/': new Uint8Array(0),
      '__MACOSX/._main.worker': new Uint8Array([0, 5, 22, 7]),
      '.DS_Store': new Uint8Array([0, 0, 0, 1]),
    });
    const project = importOk(zip, 'from-disk');
    expect(project.name).toBe('from-disk');
    expect(project.files.map((file) => file.path)).toEqual(['main.worker']);
  });

  it('refuses "../" entries, absolute paths and backslashes before inflating anything', () => {
    for (const name of ['../evil.worker', 'demo/../../evil.worker', '/etc/passwd', 'C:/evil.txt', '..\\evil.txt']) {
      const zip = zipSync({ [name]: strToU8('owned'), 'ok.md': strToU8('fine') });
      const listed = readZipEntries(zip, 10);
      expect(listed.ok && listed.entries.map((entry) => entry.name)).toContain(name);
      expectError(importProjectZip(zip), 'invalid-path');
    }
  });

  it('refuses duplicate paths, also after normalisation', () => {
    const zip = zipSync({ 'demo/a.md': strToU8('1'), 'demo/./a.md': strToU8('2') });
    expectError(importProjectZip(zip), 'duplicate-path');
  });

  it('refuses too many files', () => {
    const entries: Zippable = {};
    for (let index = 0; index <= MAX_FILES; index += 1) entries[`f${index}.md`] = strToU8('x');
    expectError(importProjectZip(zipSync(entries)), 'too-many-files');
  });

  it('refuses entries declared larger than the cap without inflating them', () => {
    const zip = lieAboutSizes(zipSync({ 'big.bin': new Uint8Array(1000) }), 50 * 1024 * 1024);
    expectError(importProjectZip(zip), 'too-large');
  });

  it('stops at the declared size when an entry lies about it (a zip bomb in disguise)', () => {
    const zip = lieAboutSizes(zipSync({ 'bomb.bin': new Uint8Array(30 * 1024 * 1024) }), 100);
    expect(zip.length).toBeLessThan(100 * 1024);
    expect(expectError(importProjectZip(zip), 'corrupted')).toContain('larger than it declares');
  });

  it('refuses non-UTF-8 bytes in text files, keeps them in binary files', () => {
    const invalid = new Uint8Array([0x66, 0x6f, 0xc3, 0x28, 0xff]);
    expect(expectError(importProjectZip(zipSync({ 'notes.md': invalid })), 'invalid-text')).toContain('notes.md');
    expect(importOk(zipSync({ 'blob.dat': invalid })).files[0]!.data).toEqual(invalid);
    expect(importOk(zipSync({ LICENSE: strToU8('MIT') })).files[0]!.data).toBe('MIT');
  });

  it('refuses damaged archives', () => {
    expectError(importProjectZip(strToU8('definitely not a zip')), 'corrupted');
    const zip = zipSync({ 'a.md': strToU8('hello hello hello hello') });
    const damaged = zip.slice();
    damaged[40] = damaged[40]! ^ 0xff; // inside the first entry's data
    expectError(importProjectZip(damaged), 'corrupted');
    expectError(importProjectZip(zip.subarray(0, zip.length - 10)), 'corrupted');
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(() => importProjectZip(bytes)).not.toThrow();
      }),
    );
  });
});
