import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Zlib } from 'fflate';
import { decodeShareFragment, encodeShareFragment, ShareEncodeError } from './share-link';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES, MAX_LINK_LENGTH } from './share-limits';
import { bytesOf, fragmentFromBytes, fragmentFromPayload, textPayload } from '@/lib/share/testing/share-fragments';
import type { SharedFile, SharedProject, ShareImportResult } from './share-result';
import { isBinaryFile } from './file-kind';

function expectError(result: ShareImportResult, code: string): string {
  if (result.ok) throw new Error(`expected ${code}, got a project`);
  expect(result.error.code).toBe(code);
  return result.error.message;
}

function decodeOk(fragment: string): SharedProject {
  const result = decodeShareFragment(fragment);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.project;
}

const example: SharedProject = {
  name: 'pitch-review',
  files: [
    { path: 'project.json', data: '{ "entry": "main" }\n' },
    { path: 'main.worker', data: '---\nname: main\ndescription: Entry\n---\nÉvalue les decks 🚀\n' },
    { path: 'input/deck.pdf', data: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x10]) },
  ],
};

// Path segments people and generators produce: unicode, spaces, dots, but no "/", "\", controls, "." or "..".
const segmentArbitrary = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
  // eslint-disable-next-line no-control-regex
  .filter((segment) => !/[/\\\u0000-\u001f\u007f]/.test(segment) && segment !== '.' && segment !== '..');
const pathArbitrary = fc.array(segmentArbitrary, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
const dataArbitrary = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.uint8Array({ maxLength: 200 }));
// eslint-disable-next-line no-control-regex
const nameArbitrary = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((name) => name.trim() !== '' && !/[\u0000-\u001f\u007f-\u009f]/.test(name));

/** Random projects that an import accepts: distinct paths, none both file and folder. */
export const projectArbitrary: fc.Arbitrary<SharedProject> = fc
  .record({
    name: nameArbitrary,
    files: fc.uniqueArray(fc.record({ path: pathArbitrary, data: dataArbitrary }), { maxLength: 12, selector: (file) => file.path }),
  })
  .filter(({ files }) => files.every((file) => !files.some((other) => other.path.startsWith(file.path + '/'))));

describe('encodeShareFragment / decodeShareFragment', () => {
  it('round-trips the example project, binary included', () => {
    const encoded = encodeShareFragment(example, { includeBinary: true });
    expect(encoded.fragment.startsWith('#wb1=')).toBe(true);
    expect(encoded.length).toBe(encoded.fragment.length);
    expect(encoded.excludedFiles).toEqual([]);
    expect(encoded.overLimit).toBe(false);
    const decoded = decodeOk(encoded.fragment);
    expect(decoded.name).toBe('pitch-review');
    expect(decoded.files.map((file) => file.path)).toEqual(['project.json', 'main.worker', 'input/deck.pdf']);
    expect(decoded.files[1]!.data).toBe(example.files[1]!.data);
    expect(decoded.files[2]!.data).toEqual(example.files[2]!.data);
  });

  it('leaves binary files out unless asked and names them', () => {
    const encoded = encodeShareFragment(example, { includeBinary: false });
    expect(encoded.includedFiles).toEqual(['project.json', 'main.worker']);
    expect(encoded.excludedFiles).toEqual(['input/deck.pdf']);
    expect(decodeOk(encoded.fragment).files.map((file) => file.path)).toEqual(['project.json', 'main.worker']);
  });

  it('treats a PDF as binary even when its bytes are ASCII, and UTF-8 bytes elsewhere as text', () => {
    expect(isBinaryFile('deck.pdf', new TextEncoder().encode('%PDF-1.4'))).toBe(true);
    expect(isBinaryFile('notes', new TextEncoder().encode('hello'))).toBe(false);
    expect(isBinaryFile('notes', new Uint8Array([0xc3, 0x28]))).toBe(true);
  });

  it('accepts a whole URL, a fragment without "#", line breaks and trailing punctuation', () => {
    const { fragment } = encodeShareFragment(example, { includeBinary: true });
    const body = fragment.slice(1);
    expect(decodeOk(`https://workerbench.example/app${fragment}`).name).toBe('pitch-review');
    expect(decodeOk(body).name).toBe('pitch-review');
    expect(decodeOk(`${fragment.slice(0, 40)}\n  ${fragment.slice(40)}`).name).toBe('pitch-review');
    expect(decodeOk(`${fragment}).`).name).toBe('pitch-review');
  });

  it('round-trips random projects: unicode paths and text, binary bytes', () => {
    fc.assert(
      fc.property(projectArbitrary, (project) => {
        const encoded = encodeShareFragment(project, { includeBinary: true });
        const decoded = decodeOk(encoded.fragment);
        expect(decoded.name).toBe(project.name);
        expect(decoded.files.map((file) => file.path)).toEqual(project.files.map((file) => file.path));
        decoded.files.forEach((file, index) => expect(bytesOf(file)).toEqual(bytesOf(project.files[index]!)));
      }),
      { numRuns: 150 },
    );
  });

  it('without includeBinary, keeps exactly the text files', () => {
    fc.assert(
      fc.property(projectArbitrary, (project) => {
        const encoded = encodeShareFragment(project, { includeBinary: false });
        const binary = project.files.filter((file) => isBinaryFile(file.path, file.data)).map((file) => file.path);
        expect(encoded.excludedFiles).toEqual(binary);
        const decoded = decodeOk(encoded.fragment);
        expect(decoded.files.map((file) => file.path)).toEqual(project.files.map((file) => file.path).filter((path) => !binary.includes(path)));
        expect(decoded.files.every((file) => typeof file.data === 'string')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('flags links over MAX_LINK_LENGTH but still produces them', () => {
    // Random bytes do not compress: ~30 KB of them base64 to more than 32,000 characters.
    let state = 0x9e3779b9;
    const noise = new Uint8Array(30_000).map(() => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state & 0xff;
    });
    const encoded = encodeShareFragment({ name: 'big', files: [{ path: 'noise.bin', data: noise }] }, { includeBinary: true });
    expect(encoded.length).toBeGreaterThan(MAX_LINK_LENGTH);
    expect(encoded.overLimit).toBe(true);
    expect(bytesOf(decodeOk(encoded.fragment).files[0]!)).toEqual(noise);
  });

  it('refuses to encode a project its own import would refuse', () => {
    const files: SharedFile[] = Array.from({ length: MAX_FILES + 1 }, (_, index) => ({ path: `f${index}.txt`, data: 'x' }));
    expect(() => encodeShareFragment({ name: 'many', files }, { includeBinary: false })).toThrow(ShareEncodeError);
    try {
      encodeShareFragment({ name: 'bad', files: [{ path: '../x', data: '' }] }, { includeBinary: false });
    } catch (error) {
      expect((error as ShareEncodeError).error.code).toBe('invalid-path');
    }
  });
});

describe('decodeShareFragment refusals', () => {
  const good = encodeShareFragment(example, { includeBinary: true }).fragment;

  it('is not a share link', () => {
    for (const input of ['', 'hello', 'https://example.com/#section', '#wbx=1', '#w']) {
      expectError(decodeShareFragment(input), 'not-a-share-link');
    }
    expectError(decodeShareFragment(42 as unknown as string), 'not-a-share-link');
  });

  it('reports every cut of a link as truncated', () => {
    for (let cut = '#wb1'.length; cut < good.length; cut += 1) {
      expectError(decodeShareFragment(good.slice(0, cut)), 'truncated');
    }
  });

  it('reports changed characters as corrupted (or decodes the very same project)', () => {
    const bodyStart = good.indexOf('.') + 1;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(fc.integer({ min: bodyStart, max: good.length - 1 }), fc.integer({ min: 1, max: 63 }), (position, shift) => {
        const original = alphabet.indexOf(good[position]!);
        const flipped = good.slice(0, position) + alphabet[(original + shift) % 64] + good.slice(position + 1);
        const result = decodeShareFragment(flipped);
        if (result.ok) {
          // Only bits deflate ignores (padding after the last block) can change without changing the project.
          expect(result.project.files.map(bytesOf)).toEqual(example.files.map(bytesOf));
        } else {
          expect(result.error.code).toBe('corrupted');
        }
      }),
      { numRuns: 300 },
    );
    expectError(decodeShareFragment(good.slice(0, bodyStart + 3) + '!' + good.slice(bodyStart + 4)), 'corrupted');
    expectError(decodeShareFragment(fragmentFromBytes(new TextEncoder().encode('not zlib at all'))), 'corrupted');
    expectError(decodeShareFragment(fragmentFromPayload({ format: 'something-else', version: 1 })), 'corrupted');
    expectError(decodeShareFragment(fragmentFromPayload({ format: 'workerbench-project', version: 1, name: 'x', files: [{ path: 'a' }] })), 'corrupted');
  });

  it('names an unknown version and the supported one', () => {
    const message = expectError(decodeShareFragment(good.replace('#wb1=', '#wb7=')), 'unknown-version');
    expect(message).toContain('version 7');
    expect(message).toContain('version 1');
    const inPayload = fragmentFromPayload({ format: 'workerbench-project', version: 3, name: 'x', files: [] });
    expect(expectError(decodeShareFragment(inPayload), 'unknown-version')).toContain('version 3');
  });

  it('stops inflating a decompression bomb at the cap', () => {
    // 200 MB of zeros compress to about 200 KB; built in 1 MiB steps so the test itself stays small.
    const parts: Uint8Array[] = [];
    const zlib = new Zlib({ level: 9 }, (chunk) => parts.push(chunk));
    const zeros = new Uint8Array(1024 * 1024);
    for (let index = 0; index < 200; index += 1) zlib.push(zeros, index === 199);
    const compressed = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((offset, part) => (compressed.set(part, offset), offset + part.length), 0);
    expect(compressed.length).toBeLessThan(1024 * 1024);

    const before = process.memoryUsage().arrayBuffers;
    const message = expectError(decodeShareFragment(fragmentFromBytes(compressed)), 'too-large');
    expect(message).toContain(`${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB`);
    // Whatever was inflated was released; nothing near 200 MB was ever held (see bounded-inflate.test.ts for the exact bound).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses too many files', () => {
    const files = Array.from({ length: MAX_FILES + 1 }, (_, index) => ({ path: `w${index}.worker`, text: '' }));
    expect(expectError(decodeShareFragment(fragmentFromPayload(textPayload('many', files))), 'too-many-files')).toContain(String(MAX_FILES));
  });

  it('refuses paths that escape or are malformed', () => {
    for (const path of ['../evil.worker', 'a/../../evil', '/etc/passwd', 'C:/Windows/x', 'a\\..\\b', 'a//b', '', '.', 'a/\u0000b']) {
      expectError(decodeShareFragment(fragmentFromPayload(textPayload('p', [{ path, text: 'x' }]))), 'invalid-path');
    }
  });

  it('normalises harmless forms and refuses duplicates after normalisation', () => {
    const ok = decodeOk(fragmentFromPayload(textPayload('p', [{ path: './a/./b.md', text: 'x' }])));
    expect(ok.files[0]!.path).toBe('a/b.md');
    const message = expectError(
      decodeShareFragment(fragmentFromPayload(textPayload('p', [{ path: 'a/b.md', text: '1' }, { path: 'a/./b.md', text: '2' }]))),
      'duplicate-path',
    );
    expect(message).toContain('a/./b.md');
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('p', [{ path: 'x', text: '1' }, { path: 'x', text: '2' }]))), 'duplicate-path');
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('p', [{ path: 'a', text: '1' }, { path: 'a/b', text: '2' }]))), 'duplicate-path');
  });

  it('keeps paths that differ only in case (the VFS is case-sensitive)', () => {
    const project = decodeOk(fragmentFromPayload(textPayload('p', [{ path: 'README.md', text: '1' }, { path: 'readme.md', text: '2' }])));
    expect(project.files).toHaveLength(2);
  });

  it('refuses text that is not valid Unicode (unpaired surrogates cannot be UTF-8)', () => {
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('p', [{ path: 'a.md', text: 'ok \ud800 broken' }]))), 'invalid-text');
    // U+FFFD itself is ordinary text.
    expect(decodeOk(fragmentFromPayload(textPayload('p', [{ path: 'a.md', text: 'ok \ufffd' }]))).files[0]!.data).toBe('ok \ufffd');
  });

  it('refuses bad project names but keeps markup in names as plain text', () => {
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('   ', []))), 'invalid-name');
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('a\u0007b', []))), 'invalid-name');
    expectError(decodeShareFragment(fragmentFromPayload(textPayload('x'.repeat(101), []))), 'invalid-name');

    const markup = '<script>alert("owned")</script><img src=x onerror=alert(1)>';
    const worker = `---\nname: evil\ndescription: "${markup}"\n---\n${markup}`;
    const project = decodeOk(encodeShareFragment({ name: markup, files: [{ path: `${'<b>'}.worker`, data: worker }] }, { includeBinary: false }).fragment);
    expect(project.name).toBe(markup);
    expect(project.files[0]!.path).toBe('<b>.worker');
    expect(project.files[0]!.data).toBe(worker);
    // Messages quote untrusted text as JSON strings, never as markup or entities.
    const message = expectError(decodeShareFragment(fragmentFromPayload(textPayload(markup, [{ path: '../<i>x</i>', text: '' }]))), 'invalid-path');
    expect(message).toContain('"../<i>x</i>"');
    expect(message).not.toContain('&lt;');
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (tail) => {
        expect(() => decodeShareFragment(`#wb1=${tail}`)).not.toThrow();
        expect(() => decodeShareFragment(tail)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
