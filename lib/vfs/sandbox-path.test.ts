import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVfsError } from './file-system';
import { MAX_PATH_LENGTH } from './limits';
import { isInside } from './path';
import { normalizeSandboxPath, resolveInProject } from './sandbox-path';

function refusal(input: string): string {
  try {
    normalizeSandboxPath(input);
  } catch (error) {
    if (isVfsError(error, 'EINVALIDPATH')) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

describe('normalizeSandboxPath', () => {
  it.each([
    ['input/deck.pdf', 'input/deck.pdf'],
    ['./input/deck.pdf', 'input/deck.pdf'],
    ['/input/deck.pdf', 'input/deck.pdf'],
    ['input/', 'input'],
    ['/input/', 'input'],
    ['', ''],
    ['.', ''],
    ['/', ''],
    ['./', ''],
    ['a/../b', 'b'],
    ['a/b/../../c', 'c'],
    ['a/./b/.', 'a/b'],
    ['a/..', ''],
    ['workers/pitch evaluator.worker', 'workers/pitch evaluator.worker'],
    ['données/résumé.pdf', 'données/résumé.pdf'],
    ['.hidden/file', '.hidden/file'],
    ['..file/x', '..file/x'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeSandboxPath(input)).toBe(expected);
  });

  it.each([
    ['..', 'climbs above the project root'],
    ['../other-project/x', 'climbs above the project root'],
    ['/../x', 'climbs above the project root'],
    ['a/../../x', 'climbs above the project root'],
    ['./..', 'climbs above the project root'],
    ['a\0b', 'NUL'],
    ['a\nb', 'control character'],
    ['a\tb', 'control character'],
    ['a\u007fb', 'control character'],
    ['a\\b', 'backslash'],
    ['..\\..\\windows', 'backslash'],
    ['a//b', 'empty segment'],
    ['//a', 'empty segment'],
    ['a//', 'empty segment'],
    ['x'.repeat(MAX_PATH_LENGTH + 1), `limit is ${MAX_PATH_LENGTH}`],
    [`a/${'n'.repeat(256)}`, 'longer than 255'],
  ])('refuses %j (%s)', (input, reason) => {
    const message = refusal(input);
    expect(message).toContain(reason);
    expect(message).toContain('Invalid path');
  });

  it('names the refused path in the message', () => {
    expect(refusal('../secrets.txt')).toContain('"../secrets.txt"');
  });

  it('refuses non-strings without crashing', () => {
    expect(() => normalizeSandboxPath(undefined as unknown as string)).toThrow(/expected a string/);
  });

  const segment = fc.oneof(
    fc.constantFrom('..', '.', '', 'a', 'b', 'input', 'deck.pdf', '...', ' ', '\\', '\0', 'é'),
    fc.string({ maxLength: 4 }),
  );
  const pathLike = fc.array(segment, { maxLength: 10 }).chain((segments) =>
    fc.boolean().map((leadingSlash) => (leadingSlash ? '/' : '') + segments.join('/')),
  );

  it('never yields a path that escapes, and is idempotent (property)', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        let result: string;
        try {
          result = normalizeSandboxPath(input);
        } catch (error) {
          expect(isVfsError(error, 'EINVALIDPATH')).toBe(true);
          return;
        }
        expect(result.startsWith('/')).toBe(false);
        if (result !== '') {
          for (const part of result.split('/')) {
            expect(['', '.', '..']).not.toContain(part);
            expect(part).not.toMatch(/[\0\\]/);
          }
        }
        expect(normalizeSandboxPath(result)).toBe(result);
        const resolved = resolveInProject('/projects/demo', input);
        expect(isInside(resolved, '/projects/demo')).toBe(true);
        expect(resolved.split('/')).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolveInProject', () => {
  it('resolves inside the project root', () => {
    expect(resolveInProject('/projects/demo', 'input/deck.pdf')).toBe('/projects/demo/input/deck.pdf');
    expect(resolveInProject('/projects/demo', '/input/deck.pdf')).toBe('/projects/demo/input/deck.pdf');
    expect(resolveInProject('/projects/demo', '')).toBe('/projects/demo');
    expect(resolveInProject('/', 'a/b')).toBe('/a/b');
    expect(resolveInProject('/', '.')).toBe('/');
  });

  it('refuses escapes and a malformed root', () => {
    expect(() => resolveInProject('/projects/demo', '../other-project/x')).toThrow(/climbs above the project root/);
    expect(() => resolveInProject('projects/demo', 'x')).toThrow(/absolute/);
    expect(() => resolveInProject('/projects/../etc', 'x')).toThrow(/Invalid path/);
  });
});
